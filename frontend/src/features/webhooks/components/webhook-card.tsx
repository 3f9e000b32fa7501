import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useRedeliverWebhookDelivery } from '../api/redeliver-webhook-delivery';
import { useSendWebhookTest } from '../api/send-webhook-test';
import { useUpdateWebhook } from '../api/update-webhook';
import type { Webhook } from '../api/webhook-keys';
import { DeleteWebhookButton } from './delete-webhook-dialog';
import { DeliveryLogTable } from './delivery-log-table';
import { EditWebhookButton } from './edit-webhook-dialog';
import { FailingNotice } from './failing-notice';
import { RotateSecretButton } from './rotate-secret-dialog';
import type { ShownSecret } from './secret-dialog';

/** One endpoint: what it takes, whether it has been failing for a day, its actions and its delivery log. */
export function WebhookCard({ webhook, onSecret }: { webhook: Webhook; onSecret: (shown: ShownSecret) => void }) {
  const sendTest = useSendWebhookTest();
  const update = useUpdateWebhook();
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-label={`Webhook ${webhook.url}`}>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
        {webhook.url}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {webhook.format === 'slack' ? 'Slack message' : 'Standard Webhooks'} · {webhook.events.join(', ')}
        {webhook.active ? '' : ' · inactive'}
      </Typography>
      <FailingNotice since={webhook.failingSince} what="this endpoint" />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Button variant="outlined" onClick={() => sendTest.mutate(webhook.id)} disabled={sendTest.isPending}>
          Send test
        </Button>
        <EditWebhookButton webhook={webhook} />
        {/* A paused endpoint is sent no event (a test still goes out), and keeps its secret and log. */}
        <Button
          onClick={() => update.mutate({ id: webhook.id, changes: { active: !webhook.active } })}
          disabled={update.isPending}
        >
          {webhook.active ? 'Pause' : 'Resume'}
        </Button>
        <RotateSecretButton webhook={webhook} onSecret={(secret) => onSecret({ secret, format: webhook.format })} />
        <DeleteWebhookButton webhook={webhook} />
      </Box>
      <WebhookDeliveries webhook={webhook} />
    </Paper>
  );
}

function WebhookDeliveries({ webhook }: { webhook: Webhook }) {
  const deliveries = useWebhookDeliveries(webhook.id);
  const redeliver = useRedeliverWebhookDelivery();
  return (
    <DeliveryLogTable
      label={`Deliveries to ${webhook.url}`}
      deliveries={deliveries}
      onSendAgain={(delivery) => redeliver.mutate({ id: webhook.id, deliveryId: delivery.id })}
      sendingAgain={redeliver.isPending}
    />
  );
}
