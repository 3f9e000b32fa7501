import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from '../api/webhook-keys';

/** What an admin chooses of an endpoint, when adding it and when editing it. */
export type EndpointDraft = Pick<Webhook, 'url' | 'format' | 'events'>;

export const NEW_ENDPOINT: EndpointDraft = { url: '', format: 'standard', events: ['lead.created'] };

/** The URL, format and events of an endpoint, as controlled fields. */
export function EndpointFields({ value, onChange }: { value: EndpointDraft; onChange: (draft: EndpointDraft) => void }) {
  const toggle = (event: WebhookEvent) =>
    onChange({
      ...value,
      events: value.events.includes(event) ? value.events.filter((e) => e !== event) : [...value.events, event],
    });
  return (
    <>
      <TextField
        label="URL"
        type="url"
        required
        value={value.url}
        onChange={(e) => onChange({ ...value, url: e.target.value })}
      />
      <TextField
        select
        label="Format"
        value={value.format}
        onChange={(e) => onChange({ ...value, format: e.target.value as EndpointDraft['format'] })}
      >
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
              control={<Checkbox checked={value.events.includes(event)} onChange={() => toggle(event)} />}
            />
          ))}
        </FormGroup>
      </FormControl>
    </>
  );
}
