import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useDeleteWebhook } from '../api/delete-webhook';
import type { Webhook } from '../api/webhook-keys';

/** "Delete", confirmed in a dialog: the endpoint goes with its deliveries, sent or not. */
export function DeleteWebhookButton({ webhook }: { webhook: Webhook }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteWebhook();
  return (
    <>
      <Button color="error" onClick={() => setOpen(true)}>
        Delete
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="delete-webhook-title"
        aria-describedby="delete-webhook-text"
      >
        <DialogTitle id="delete-webhook-title">Delete this endpoint?</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-webhook-text" sx={{ wordBreak: 'break-all' }}>
            {webhook.url} receives nothing more, and its delivery log is deleted, pending deliveries included. This cannot be
            undone.
          </DialogContentText>
          {remove.isError ? <Alert severity="error">{remove.error.message}</Alert> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={() => remove.mutate(webhook.id)} disabled={remove.isPending}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
