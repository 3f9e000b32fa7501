import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFocusIfLost } from '@/lib/use-focus-if-lost';
import { useCreateWebhook } from '../api/create-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { WEBHOOK_EVENTS, type NewWebhook, type WebhookEvent } from '../api/webhook-keys';
import { SecretDialog } from './secret-dialog';
import { WebhookCard } from './webhook-card';

/** Settings → Webhooks: add an endpoint, see each one's deliveries (contract, "Outgoing webhooks"). */
export function WebhooksSettings() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<NewWebhook['format']>('standard');
  const [events, setEvents] = useState<WebhookEvent[]>(['lead.created']);
  const [secret, setSecret] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusIfLost(headingRef);

  const toggle = (event: WebhookEvent) =>
    setEvents((current) => (current.includes(event) ? current.filter((e) => e !== event) : [...current, event]));
  const add = (submit: React.FormEvent) => {
    submit.preventDefault();
    create.mutate(
      { url, events, format, active: true },
      {
        onSuccess: (created) => {
          setUrl('');
          setSecret(created.secret);
        },
      },
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography ref={headingRef} tabIndex={-1} variant="h4" component="h1" sx={{ fontWeight: 700, outline: 'none' }}>
        Settings · Webhooks
      </Typography>
      <Box component="form" onSubmit={add} aria-labelledby="add-webhook-title" sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
        <Typography id="add-webhook-title" variant="h5" component="h2">
          Add an endpoint
        </Typography>
        <TextField label="URL" type="url" required value={url} onChange={(e) => setUrl(e.target.value)} />
        <TextField select label="Format" value={format} onChange={(e) => setFormat(e.target.value as NewWebhook['format'])}>
          <MenuItem value="standard">Standard Webhooks (signed JSON)</MenuItem>
          <MenuItem value="slack">Slack / Mattermost message</MenuItem>
        </TextField>
        <FormControl component="fieldset">
          <FormLabel component="legend">Events</FormLabel>
          <FormGroup row>
            {WEBHOOK_EVENTS.map((event) => (
              <FormControlLabel
                key={event}
                label={event}
                control={<Checkbox checked={events.includes(event)} onChange={() => toggle(event)} />}
              />
            ))}
          </FormGroup>
        </FormControl>
        {create.isError ? <Alert severity="error">{create.error.message}</Alert> : null}
        <Box>
          <Button type="submit" variant="contained" disabled={create.isPending || events.length === 0}>
            Add endpoint
          </Button>
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h5" component="h2">
          Endpoints
        </Typography>
        {webhooks.isPending ? <Typography>Loading…</Typography> : null}
        {webhooks.isError ? <Alert severity="error">Could not load the webhooks: {webhooks.error.message}</Alert> : null}
        {webhooks.data?.length === 0 ? <Typography>No endpoints yet.</Typography> : null}
        {webhooks.data?.map((webhook) => (
          <WebhookCard key={webhook.id} webhook={webhook} onSecret={setSecret} />
        ))}
      </Box>
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </Box>
  );
}
