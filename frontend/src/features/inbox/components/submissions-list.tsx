import { memo } from 'react';
import type { ContactSubmission } from '../api/contact-types';
import { AssigneeSelect } from './assignee-select';
import { SelectLeadBox } from './lead-selection-boxes';
import { EmailText, InterestChip, LeadComments, LinkedInLink } from './lead-parts';
import { ReceivedTime } from './received-time';
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
    // A card off screen is not laid out until it comes near (submissions-list.css).
    <li className="lead-list__item">
      <article className="lead-card" data-testid="submission" aria-label={submission.name}>
        <div className="lead-card__name">
          <SelectLeadBox id={submission.id} name={submission.name} />
          <button type="button" className="lead-card__open" onClick={() => onOpen(submission.id)}>
            {submission.name}
          </button>
          <RepeatMarker repeatOf={submission.repeatOf} />
        </div>
        <p className="lead-card__text">
          <EmailText email={submission.email} />
        </p>
        {submission.company ? <p className="lead-card__text lead-card__text--secondary">{submission.company}</p> : null}
        <div className="lead-card__tags">
          <InterestChip interest={submission.interest} />
          <LinkedInLink linkedin={submission.linkedin} />
        </div>
        <ReceivedTime iso={submission.submittedAt} />
        <ResponseTime lead={submission} />
        <LeadComments comments={submission.comments} lines={3} className="lead-card__comments" />
        <div className="lead-card__controls">
          <StatusSelect submission={submission} />
          <AssigneeSelect submission={submission} />
        </div>
      </article>
    </li>
  );
});

/** The phone's list: a short card a lead, read top to bottom; the name opens its details. */
export const SubmissionsList = memo(function SubmissionsList({ submissions, onOpen }: SubmissionsListProps) {
  const list = (
    <ul className="lead-list" aria-labelledby="recent-submissions">
      {submissions.map((submission) => (
        <SubmissionItem key={submission.id} submission={submission} onOpen={onOpen} />
      ))}
    </ul>
  );
  return list;
});
