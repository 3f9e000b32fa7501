import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { toast } from '@/components/toast/toast';
import { useCan } from '@/lib/session-user';
import type { Delivery, DeliveryState } from '../api/contact-types';
import { useRedeliverContact } from '../api/redeliver-contact';
import { localTime } from '../utils/relative-time';

const STATE_TEXT: Record<DeliveryState, string> = {
  off: 'Spreadsheet sync is off',
  pending: 'Waiting to be sent',
  delivered: 'Delivered',
  failed: 'Failed',
};

export type DeliveryPanelProps = {
  id: string;
  delivery: Delivery;
  /** Held as spam: nothing leaves for it until "Not spam" (the API answers 409), so no "Send again". */
  held?: boolean;
};

/** Where the lead's spreadsheet copy stands, and "Send again". */
export function DeliveryPanel({ id, delivery, held = false }: DeliveryPanelProps) {
  const redeliver = useRedeliverContact();
  const canTriage = useCan('triage');
  const handleSend = () =>
    redeliver.mutate(id, {
      onSuccess: () => void toast({ title: 'Queued to be sent again' }),
      onError: (error) => void toast({ title: 'Not sent again', description: error.message, destructive: true }),
    });
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2" data-testid="delivery-state">
        {STATE_TEXT[delivery.state] ?? delivery.state}
        {delivery.state === 'delivered' && delivery.deliveredAt ? ` (${localTime(delivery.deliveredAt)})` : ''}
        {delivery.attempts ? `, ${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'}` : ''}
      </Typography>
      {delivery.lastError ? (
        <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
          Last error: {delivery.lastError}
        </Typography>
      ) : null}
      {delivery.state !== 'off' && canTriage && !held ? (
        <Box>
          <Button variant="outlined" size="small" onClick={handleSend} disabled={redeliver.isPending}>
            Send again
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
