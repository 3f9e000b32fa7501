import type { UseQueryResult } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DeliveryLogEntry } from '../api/webhook-keys';

const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '–');

export type DeliveryLogTableProps = {
  /** The table's accessible name, e.g. "Deliveries to https://…". */
  label: string;
  deliveries: UseQueryResult<DeliveryLogEntry[]>;
  onSendAgain: (delivery: DeliveryLogEntry) => void;
  sendingAgain: boolean;
};

/** A delivery log (a webhook endpoint's or the spreadsheet's), newest first, with "Send again" on each delivery. */
export function DeliveryLogTable({ label, deliveries, onSendAgain, sendingAgain }: DeliveryLogTableProps) {
  if (deliveries.isPending) return <Typography variant="body2">Loading deliveries…</Typography>;
  if (deliveries.isError) return <Typography role="alert">Could not load the deliveries: {deliveries.error.message}</Typography>;
  if (deliveries.data.length === 0) return <Typography variant="body2">No deliveries yet.</Typography>;
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>Event</TableCell>
          <TableCell>State</TableCell>
          <TableCell>Attempts</TableCell>
          <TableCell>Last answer</TableCell>
          <TableCell>Queued</TableCell>
          <TableCell>Delivered</TableCell>
          <TableCell>Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {deliveries.data.map((delivery) => (
          <TableRow key={delivery.id}>
            <TableCell>{delivery.event}</TableCell>
            <TableCell>{delivery.state}</TableCell>
            <TableCell>{delivery.attempts}</TableCell>
            <TableCell>{delivery.lastError ?? (delivery.lastStatus === null ? '–' : `HTTP ${delivery.lastStatus}`)}</TableCell>
            <TableCell>{time(delivery.createdAt)}</TableCell>
            <TableCell>{time(delivery.deliveredAt)}</TableCell>
            <TableCell>
              <Button
                size="small"
                disabled={delivery.state === 'pending' || sendingAgain}
                onClick={() => onSendAgain(delivery)}
                aria-label={`Send ${delivery.event} again`}
              >
                Send again
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
