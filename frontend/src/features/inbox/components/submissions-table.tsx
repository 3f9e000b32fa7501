import { memo } from 'react';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ContactSubmission } from '../api/contact-types';
import { AssigneeSelect } from './assignee-select';
import { SelectAllBox, SelectLeadBox, useLeadSelection } from './lead-selection-boxes';
import { InterestChip, LeadComments, LinkedInLink } from './lead-parts';
import { ReceivedTime } from './received-time';
import { AwaitingReply } from './awaiting-reply';
import { NextMeeting } from './next-meeting';
import { RepeatMarker } from './repeat-marker';
import { ResponseTime } from './response-time';
import { StatusSelect } from './status-select';

export type SubmissionsTableProps = {
  submissions: ContactSubmission[];
  /** Keep it the same function across renders, or every row renders again. */
  onOpen: (id: string) => void;
};

type RowProps = { submission: ContactSubmission; onOpen: (id: string) => void };

// The table's layout is fixed: its columns share the box's width (no sideways scrolling
// from 1280 px wide), and what does not fit a cell is cut with an ellipsis, never widening
// it (a long comment or address once pushed the table past its box). Widths in px, the
// rest to the lead, company and comments columns.
const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
const COLUMNS = [
  { header: 'Lead', width: '22%' },
  { header: 'Company', width: '12%' },
  { header: 'Interest', width: 140 },
  { header: 'Comments', width: undefined },
  { header: 'Status', width: 132 },
  { header: 'Assignee', width: 150 },
  { header: 'Received', width: 118 },
] as const;

/** One lead's row; memoized, so that opening a lead or loading more re-renders no row that did not change. */
const SubmissionRow = memo(function SubmissionRow({ submission, onOpen }: RowProps) {
  const selectable = useLeadSelection() !== null;
  return (
    <TableRow hover data-testid="submission" aria-label={submission.name} sx={{ verticalAlign: 'top' }}>
      {selectable ? (
        <TableCell padding="checkbox" sx={{ pl: 2 }}>
          <SelectLeadBox id={submission.id} name={submission.name} />
        </TableCell>
      ) : null}
      <TableCell sx={oneLine}>
        <Link
          component="button"
          type="button"
          onClick={() => onOpen(submission.id)}
          sx={{ textAlign: 'left', maxWidth: '100%', ...oneLine, verticalAlign: 'bottom' }}
        >
          {submission.name}
        </Link>
        <RepeatMarker repeatOf={submission.repeatOf} />
        <Typography variant="body2" sx={oneLine} title={submission.email}>
          {submission.email}
        </Typography>
        <LinkedInLink linkedin={submission.linkedin} />
      </TableCell>
      <TableCell sx={oneLine} title={submission.company ?? undefined}>
        {submission.company}
      </TableCell>
      <TableCell sx={{ overflow: 'hidden', '& .interest-chip': { whiteSpace: 'normal', height: 'auto' } }}>
        <InterestChip interest={submission.interest} />
      </TableCell>
      <TableCell>
        <LeadComments comments={submission.comments} oneLine />
      </TableCell>
      <TableCell>
        <StatusSelect submission={submission} />
      </TableCell>
      <TableCell sx={{ overflow: 'hidden' }}>
        <AssigneeSelect submission={submission} />
      </TableCell>
      <TableCell>
        <ReceivedTime iso={submission.submittedAt} />
        <ResponseTime lead={submission} />
        <AwaitingReply lead={submission} />
        <NextMeeting lead={submission} />
      </TableCell>
    </TableRow>
  );
});

/** The wide-screen list: one row a lead with every part of an entry (docs/frontend.md); the name opens its details. */
export const SubmissionsTable = memo(function SubmissionsTable({ submissions, onOpen }: SubmissionsTableProps) {
  const selectable = useLeadSelection() !== null;
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 3 }}>
      <Table size="small" aria-labelledby="recent-submissions" sx={{ tableLayout: 'fixed', width: '100%' }}>
        <colgroup>
          {selectable ? <col style={{ width: 56 }} /> : null}
          {COLUMNS.map(({ header, width }) => (
            <col key={header} style={width === undefined ? undefined : { width }} />
          ))}
        </colgroup>
        <TableHead>
          <TableRow>
            {selectable ? (
              <TableCell padding="checkbox" sx={{ pl: 2 }}>
                <SelectAllBox ids={submissions.map((submission) => submission.id)} />
              </TableCell>
            ) : null}
            {COLUMNS.map(({ header }) => (
              <TableCell key={header}>{header}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {submissions.map((submission) => (
            <SubmissionRow key={submission.id} submission={submission} onOpen={onOpen} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
});
