import { memo, startTransition, useEffect, useState } from 'react';
import { whenIdle } from '@/lib/use-idle';
import type { ContactSubmission } from '../api/contact-types';
import { AssigneeSelect } from './assignee-select';
import { SelectLeadBox } from './lead-selection-boxes';
import { EmailText, InterestChip, LeadComments, LinkedInLink } from './lead-parts';
import { ReceivedTime } from './received-time';
import { AwaitingReply } from './awaiting-reply';
import { NextMeeting } from './next-meeting';
import { RepeatMarker } from './repeat-marker';
import { ResponseTime } from './response-time';
import { StatusSelect } from './status-select';
import './submissions-list.css';

export type SubmissionsListProps = {
  submissions: ContactSubmission[];
  /** Keep it the same function across renders, or every card renders again. */
  onOpen: (id: string) => void;
};

type ItemProps = { submission: ContactSubmission; onOpen: (id: string) => void };

/** One lead's card; memoized, so that opening a lead or loading more re-renders no card that did not change. */
const SubmissionItem = memo(function SubmissionItem({ submission, onOpen }: ItemProps) {
  return (
    <li className="lead-list__item">
      <article className="lead-card" data-testid="submission" aria-label={submission.name}>
        <div className="lead-card__name">
          <SelectLeadBox id={submission.id} name={submission.name} />
          <button type="button" className="lead-open lead-card__open" onClick={() => onOpen(submission.id)}>
            {submission.name}
          </button>
          <RepeatMarker repeatOf={submission.repeatOf} />
        </div>
        <p className="lead-text">
          <EmailText email={submission.email} />
        </p>
        {submission.company ? <p className="lead-text lead-card__secondary">{submission.company}</p> : null}
        <div className="lead-card__tags">
          <InterestChip interest={submission.interest} />
          <LinkedInLink linkedin={submission.linkedin} />
        </div>
        <ReceivedTime iso={submission.submittedAt} />
        <ResponseTime lead={submission} />
        <AwaitingReply lead={submission} />
        <NextMeeting lead={submission} />
        <LeadComments comments={submission.comments} lines={3} className="lead-card__comments" />
        <div className="lead-card__controls">
          <StatusSelect submission={submission} />
          <AssigneeSelect submission={submission} />
        </div>
      </article>
    </li>
  );
});

/** The cards of the list's first screen; the rest follow this many at a time. */
const FIRST_CARDS = 10;
const CARDS_PER_STEP = 10;

/**
 * How many of `total` cards to show: the first ones at once, then more in each idle moment of
 * the browser (a render React does in slices), until all are shown. Fifty cards put up in one
 * go were one task of about 300 ms on a phone (4x CPU), most of it the browser's style and
 * layout of some 3,000 boxes; ten at a time keep each task short. (CSS content-visibility,
 * tried first, made Chromium lay the page out again once for each card.)
 */
function useCardsShown(total: number): number {
  const [shown, setShown] = useState(FIRST_CARDS);
  useEffect(() => {
    if (shown >= total) return;
    return whenIdle(() => startTransition(() => setShown((count) => count + CARDS_PER_STEP)));
  }, [shown, total]);
  return Math.min(shown, total);
}

/** The phone's list: a short card a lead, read top to bottom; the name opens its details. */
export const SubmissionsList = memo(function SubmissionsList({ submissions, onOpen }: SubmissionsListProps) {
  const shown = useCardsShown(submissions.length);
  return (
    <ul className="lead-list" aria-labelledby="recent-submissions">
      {submissions.slice(0, shown).map((submission) => (
        <SubmissionItem key={submission.id} submission={submission} onOpen={onOpen} />
      ))}
    </ul>
  );
});
