import { memo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ContactSubmission } from '../api/contact-types';
import { prefetchLead } from '../api/prefetch-lead';
import { AssigneeSelect } from './assignee-select';
import { SelectAllBox, SelectLeadBox, useLeadSelection } from './lead-selection-boxes';
import { InterestChip, LeadComments, LinkedInLink } from './lead-parts';
import { ReceivedTime } from './received-time';
import { AwaitingReply } from './awaiting-reply';
import { NextMeeting } from './next-meeting';
import { RepeatMarker } from './repeat-marker';
import { ResponseTime } from './response-time';
import { StatusSelect } from './status-select';
import { useRowsInPasses } from './use-rows-in-passes';
import './submissions-table.css';

export type SubmissionsTableProps = {
  submissions: ContactSubmission[];
  /** Keep it the same function across renders, or every row renders again. */
  onOpen: (id: string) => void;
};

type RowProps = { submission: ContactSubmission; onOpen: (id: string) => void };

// The table's layout is fixed: its columns share the box's width (no sideways scrolling
// from 1280 px wide), and what does not fit a cell is cut with an ellipsis, never widening
// it (a long comment or address once pushed the table past its box). Shares of the width,
// so that a narrower laptop narrows every column; the rest (a fifth) to the comments.
const COLUMNS = [
  { header: 'Lead', width: '21%' },
  { header: 'Company', width: '10%' },
  { header: 'Interest', width: '12%' },
  { header: 'Comments', width: undefined },
  { header: 'Status', width: '10%' },
  { header: 'Assignee', width: '12%' },
  { header: 'Received', width: '15%' },
] as const;

/**
 * One lead's row, two lines high at most (a laptop's first screen shows a dozen): the name
 * with the LinkedIn link over the address, the comments on one line, the time received over
 * how long the lead waited. Memoized, so that opening a lead or loading more re-renders no
 * row that did not change.
 */
const SubmissionRow = memo(function SubmissionRow({ submission, onOpen }: RowProps) {
  const selectable = useLeadSelection() !== null;
  const queryClient = useQueryClient();
  return (
    <tr data-testid="submission" aria-label={submission.name} className="lead-table__row">
      {selectable ? (
        <td className="lead-table__box">
          <SelectLeadBox id={submission.id} name={submission.name} />
        </td>
      ) : null}
      <td>
        <div className="lead-table__line">
          {/* The lead's requests leave as the button is pressed, before the click (its release). */}
          <button
            type="button"
            className="lead-open lead-table__open"
            onPointerDown={() => prefetchLead(queryClient, submission.id)}
            onClick={() => onOpen(submission.id)}
          >
            {submission.name}
          </button>
          <RepeatMarker repeatOf={submission.repeatOf} />
          <LinkedInLink linkedin={submission.linkedin} />
        </div>
        <p className="lead-table__second" title={submission.email}>
          {submission.email}
        </p>
      </td>
      <td className="lead-table__one-line" title={submission.company ?? undefined}>
        {submission.company}
      </td>
      <td>
        <InterestChip interest={submission.interest} />
      </td>
      <td>
        <LeadComments comments={submission.comments} oneLine />
      </td>
      <td>
        <StatusSelect submission={submission} />
      </td>
      <td>
        <AssigneeSelect submission={submission} />
      </td>
      <td>
        <div className="lead-table__when">
          <ReceivedTime iso={submission.submittedAt} />
          <ResponseTime lead={submission} />
          <AwaitingReply lead={submission} />
          <NextMeeting lead={submission} />
        </div>
      </td>
    </tr>
  );
});

/**
 * The wide-screen list: one row a lead with every part of an entry (docs/frontend.md); the
 * name opens its details. Plain elements (submissions-table.css): fifty rows of MUI's cells
 * were styled at run time. The rows Load more adds are drawn a few at a time (use-rows-in-passes).
 */
export const SubmissionsTable = memo(function SubmissionsTable({ submissions, onOpen }: SubmissionsTableProps) {
  const selectable = useLeadSelection() !== null;
  const drawn = useRowsInPasses(submissions);
  return (
    <div className="lead-table-box">
      <table aria-labelledby="recent-submissions" className="lead-table">
        <colgroup>
          {selectable ? <col className="lead-table__box-column" /> : null}
          {COLUMNS.map(({ header, width }) => (
            <col key={header} style={width === undefined ? undefined : { width }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {selectable ? (
              <th scope="col" className="lead-table__box">
                <SelectAllBox ids={submissions.map((submission) => submission.id)} />
              </th>
            ) : null}
            {COLUMNS.map(({ header }) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {drawn.map((submission) => (
            <SubmissionRow key={submission.id} submission={submission} onOpen={onOpen} />
          ))}
        </tbody>
      </table>
    </div>
  );
});
