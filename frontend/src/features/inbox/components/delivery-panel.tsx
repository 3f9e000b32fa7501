import { toast } from '@/components/toast/toast';
import { useCan } from '@/lib/session-user';
import type { Delivery, DeliveryState } from '../api/contact-types';
import { useRedeliverContact } from '../api/redeliver-contact';
import { localTime } from '../utils/relative-time';
import './submission-drawer.css';

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
    <div className="drawer-stack drawer-stack--tight">
      <p className="lead-text" data-testid="delivery-state">
        {STATE_TEXT[delivery.state] ?? delivery.state}
        {delivery.state === 'delivered' && delivery.deliveredAt ? ` (${localTime(delivery.deliveredAt)})` : ''}
        {delivery.attempts ? `, ${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'}` : ''}
      </p>
      {delivery.lastError ? <p className="lead-text drawer-error">Last error: {delivery.lastError}</p> : null}
      {delivery.state !== 'off' && canTriage && !held ? (
        <button
          type="button"
          className="btn btn--outlined btn--small drawer-start"
          onClick={handleSend}
          disabled={redeliver.isPending}
        >
          Send again
        </button>
      ) : null}
    </div>
  );
}
