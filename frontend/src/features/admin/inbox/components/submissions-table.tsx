import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Paper from '@mui/material/Paper';
import { interestLabel } from '@/config/interests';
import type { ContactSubmission } from '../api/contact-types';
import { ReceivedTime } from './received-time';
import { RepeatMarker } from './repeat-marker';
import { StatusSelect } from './status-select';

export type SubmissionsTableProps = {
  submissions: ContactSubmission[];
  now: Date;
  onOpen: (id: string) => void;
};

const cellText = { overflowWrap: 'anywhere' } as const;

/** The wide-screen list: one dense row a lead; the name opens its details. */
export function SubmissionsTable({ submissions, now, onOpen }: SubmissionsTableProps) {
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 3 }}>
      <Table size="small" aria-labelledby="recent-submissions">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Company</TableCell>
            <TableCell>Interest</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Received</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {submissions.map((submission) => (
            <TableRow key={submission.id} hover data-testid="submission" aria-label={submission.name}>
              <TableCell sx={cellText}>
                <Link component="button" type="button" onClick={() => onOpen(submission.id)} sx={{ textAlign: 'left' }}>
                  {submission.name}
                </Link>
                <RepeatMarker repeatOf={submission.repeatOf} />
              </TableCell>
              <TableCell sx={cellText}>{submission.email}</TableCell>
              <TableCell sx={cellText}>{submission.company}</TableCell>
              <TableCell>{interestLabel(submission.interest)}</TableCell>
              <TableCell>
                <StatusSelect submission={submission} />
              </TableCell>
              <TableCell>
                <ReceivedTime iso={submission.submittedAt} now={now} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
