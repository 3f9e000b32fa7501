import type { PrivacyFacts } from '../api/get-privacy-facts';

export type RetentionTextProps = {
  facts: PrivacyFacts | undefined;
};

/**
 * How long a submission is kept, as a visitor reads it: the operator's number of days, or
 * until the visitor asks for erasure. Before the answer comes, both cases in one sentence.
 */
export function RetentionText({ facts }: RetentionTextProps) {
  if (facts === undefined) {
    return (
      <span data-testid="retention">
        Submissions are kept until you ask us to erase them, or for the retention period the site&apos;s operator has set: older
        submissions are then erased automatically every day, in the database and in the spreadsheet alike.
      </span>
    );
  }
  if (facts.retentionDays === null) {
    return (
      <span data-testid="retention">Submissions are kept until you ask us to erase them: nothing is erased automatically.</span>
    );
  }
  const days = facts.retentionDays === 1 ? '1 day' : `${facts.retentionDays} days`;
  return (
    <span data-testid="retention">
      Submissions are kept for {days}, or until you ask us to erase them if that comes first: older submissions are erased
      automatically every day, in the database and in the spreadsheet alike.
    </span>
  );
}
