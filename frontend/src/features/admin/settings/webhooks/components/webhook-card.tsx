import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSendWebhookTest } from '../api/send-webhook-test';
import { useUpdateWebhook } from '../api/update-webhook';
import type { Webhook } from '../api/webhook-keys';
import { WebhookDeliveries } from './webhook-deliveries';

/** One endpoint: what it takes, whether it has been failing for a day, its actions (test, pause, rotate, delete) and its delivery log. */
export function WebhookCard({ webhook, onSecret }: { webhook: Webhook; onSecret: (secret: string) => void }) {
  const sendTest = useSendWebhookTest();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const update = useUpdateWebhook();
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-label={`Webhook ${webhook.url}`}>
      <Typography variant="h6" component="h3" sx={{ wordBreak: 'break-all' }}>
        {webhook.url}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {webhook.format === 'slack' ? 'Slack message' : 'Standard Webhooks'} · {webhook.events.join(', ')}
        {webhook.active ? '' : ' · inactive'}
      </Typography>
      {webhook.failingSince ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          Failing since {new Date(webhook.failingSince).toLocaleString()}: nothing has reached this endpoint for a day.
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Button variant="outlined" onClick={() => sendTest.mutate(webhook.id)} disabled={sendTest.isPending}>
          Send test
        </Button>
        {/* A paused endpoint is sent no event (a test still goes out), and keeps its secret and log. */}
        <Button
          onClick={() => update.mutate({ id: webhook.id, changes: { active: !webhook.active } })}
          disabled={update.isPending}
        >
          {webhook.active ? 'Pause' : 'Resume'}
        </Button>
        <Button onClick={() => rotate.mutate(webhook.id, { onSuccess: onSecret })} disabled={rotate.isPending}>
          Rotate secret
        </Button>
        <Button color="error" onClick={() => remove.mutate(webhook.id)} disabled={remove.isPending}>
          Delete
        </Button>
      </Box>
      <WebhookDeliveries id={webhook.id} url={webhook.url} />
    </Paper>
  );
}
