import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useRedeliverWebhookDelivery } from '../api/redeliver-webhook-delivery';

const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '–');

/** An endpoint's delivery log, newest first, with "Send again" on each delivery. */
export function WebhookDeliveries({ id, url }: { id: string; url: string }) {
  const deliveries = useWebhookDeliveries(id);
  const redeliver = useRedeliverWebhookDelivery();
  if (deliveries.isPending) return <Typography variant="body2">Loading deliveries…</Typography>;
  if (deliveries.isError) return <Typography role="alert">Could not load the deliveries: {deliveries.error.message}</Typography>;
  if (deliveries.data.length === 0) return <Typography variant="body2">No deliveries yet.</Typography>;
  return (
    <Table size="small" aria-label={`Deliveries to ${url}`}>
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
                disabled={delivery.state === 'pending' || redeliver.isPending}
                onClick={() => redeliver.mutate({ id, deliveryId: delivery.id })}
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
