import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from '../api/webhook-keys';

/** What an admin chooses of an endpoint, when adding it and when editing it. */
export type EndpointDraft = Pick<Webhook, 'url' | 'format' | 'events'>;

export const NEW_ENDPOINT: EndpointDraft = { url: '', format: 'standard', events: ['lead.created'] };

/** The one event a Slack message is written for: the API refuses a slack endpoint any other. */
const SLACK_EVENT: WebhookEvent = 'lead.created';

/** The URL, format and events of an endpoint, as controlled fields. */
export function EndpointFields({ value, onChange }: { value: EndpointDraft; onChange: (draft: EndpointDraft) => void }) {
  const slack = value.format === 'slack';
  const setFormat = (format: EndpointDraft['format']) =>
    onChange({ ...value, format, events: format === 'slack' ? [SLACK_EVENT] : value.events });
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
        onChange={(e) => setFormat(e.target.value as EndpointDraft['format'])}
      >
        <MenuItem value="standard">Standard Webhooks (signed JSON)</MenuItem>
        <MenuItem value="slack">Slack / Mattermost message</MenuItem>
      </TextField>
      <FormControl component="fieldset" aria-describedby={slack ? 'slack-events-help' : undefined}>
        <FormLabel component="legend">Events</FormLabel>
        <FormGroup row>
          {WEBHOOK_EVENTS.map((event) => (
            <FormControlLabel
              key={event}
              label={event}
              disabled={slack && event !== SLACK_EVENT}
              control={<Checkbox checked={value.events.includes(event)} onChange={() => toggle(event)} />}
            />
          ))}
        </FormGroup>
        {slack ? (
          <FormHelperText id="slack-events-help">A Slack message is sent for each new lead ({SLACK_EVENT}) only.</FormHelperText>
        ) : null}
      </FormControl>
    </>
  );
}
