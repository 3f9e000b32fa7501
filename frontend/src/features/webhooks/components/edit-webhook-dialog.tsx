import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useUpdateWebhook } from '../api/update-webhook';
import type { Webhook } from '../api/webhook-keys';
import { type EndpointDraft, EndpointFields } from './endpoint-fields';

/** "Edit": the endpoint's URL, format and events in a dialog (the secret and the log stay). */
export function EditWebhookButton({ webhook }: { webhook: Webhook }) {
  const [draft, setDraft] = useState<EndpointDraft | null>(null);
  const update = useUpdateWebhook();
  const close = () => {
    setDraft(null);
    update.reset();
  };
  const save = (submit: React.FormEvent) => {
    submit.preventDefault();
    if (draft) update.mutate({ id: webhook.id, changes: draft }, { onSuccess: close });
  };
  return (
    <>
      <Button onClick={() => setDraft({ url: webhook.url, format: webhook.format, events: webhook.events })}>Edit</Button>
      <Dialog
        open={draft !== null}
        onClose={close}
        aria-labelledby="edit-webhook-title"
        fullWidth
        maxWidth="sm"
        slotProps={{ paper: { component: 'form', onSubmit: save } }}
      >
        <DialogTitle id="edit-webhook-title">Edit endpoint</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {draft ? <EndpointFields value={draft} onChange={setDraft} /> : null}
          {update.isError ? <Alert severity="error">{update.error.message}</Alert> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={update.isPending || draft?.events.length === 0}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
