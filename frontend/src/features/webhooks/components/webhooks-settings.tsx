import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCreateWebhook } from '../api/create-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { type EndpointDraft, EndpointFields, NEW_ENDPOINT } from './endpoint-fields';
import { SecretDialog, type ShownSecret } from './secret-dialog';
import { SpreadsheetCard } from './spreadsheet-card';
import { WebhookCard } from './webhook-card';

/** Settings' Webhooks section: add an endpoint, see each one's deliveries and the spreadsheet copy's (docs/integrations.md, "Outgoing webhooks"). */
export function WebhooksSettings() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const [draft, setDraft] = useState<EndpointDraft>(NEW_ENDPOINT);
  const [secret, setSecret] = useState<ShownSecret | null>(null);

  const add = (submit: React.FormEvent) => {
    submit.preventDefault();
    create.mutate(
      { ...draft, active: true },
      {
        onSuccess: (created) => {
          // A fresh form: the next endpoint does not silently take this one's format and events.
          setDraft(NEW_ENDPOINT);
          setSecret({ secret: created.secret, format: created.format });
        },
      },
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box component="form" onSubmit={add} aria-labelledby="add-webhook-title" sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
        <Typography id="add-webhook-title" variant="h6" component="h3">
          Add an endpoint
        </Typography>
        <EndpointFields value={draft} onChange={setDraft} />
        {create.isError ? <Alert severity="error">{create.error.message}</Alert> : null}
        <Box>
          <Button type="submit" variant="contained" disabled={create.isPending || draft.events.length === 0}>
            Add endpoint
          </Button>
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h3">
          Endpoints
        </Typography>
        {webhooks.isPending ? <Typography>Loading…</Typography> : null}
        {webhooks.isError ? <Alert severity="error">Could not load the webhooks: {webhooks.error.message}</Alert> : null}
        {webhooks.data?.length === 0 ? <Typography>No endpoints yet.</Typography> : null}
        {webhooks.data?.map((webhook) => (
          <WebhookCard key={webhook.id} webhook={webhook} onSecret={setSecret} />
        ))}
        <SpreadsheetCard />
      </Box>
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
    </Box>
  );
}
