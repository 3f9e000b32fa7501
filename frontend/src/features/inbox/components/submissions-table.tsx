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
import { EmailText, InterestChip, LeadComments, LinkedInLink } from './lead-parts';
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

// Names and addresses wrap only where a word cannot fit.
const cellText = { overflowWrap: 'break-word' } as const;

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
      <TableCell sx={{ ...cellText, minWidth: 160 }}>
        <Link component="button" type="button" onClick={() => onOpen(submission.id)} sx={{ textAlign: 'left' }}>
          {submission.name}
        </Link>
        <RepeatMarker repeatOf={submission.repeatOf} />
        <Typography variant="body2">
          <EmailText email={submission.email} />
        </Typography>
        <LinkedInLink linkedin={submission.linkedin} />
      </TableCell>
      <TableCell sx={cellText}>{submission.company}</TableCell>
      <TableCell>
        <InterestChip interest={submission.interest} />
      </TableCell>
      <TableCell sx={{ minWidth: 180 }}>
        <LeadComments comments={submission.comments} lines={2} />
      </TableCell>
      <TableCell>
        <StatusSelect submission={submission} />
      </TableCell>
      <TableCell>
        <AssigneeSelect submission={submission} />
      </TableCell>
      <TableCell sx={{ minWidth: 104 }}>
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
      <Table size="small" aria-labelledby="recent-submissions">
        <TableHead>
          <TableRow>
            {selectable ? (
              <TableCell padding="checkbox" sx={{ pl: 2 }}>
                <SelectAllBox ids={submissions.map((submission) => submission.id)} />
              </TableCell>
            ) : null}
            <TableCell>Lead</TableCell>
            <TableCell>Company</TableCell>
            <TableCell>Interest</TableCell>
            <TableCell>Comments</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Assignee</TableCell>
            <TableCell>Received</TableCell>
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
