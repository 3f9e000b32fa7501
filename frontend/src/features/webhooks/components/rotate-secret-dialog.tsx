import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import type { Webhook } from '../api/webhook-keys';

/** "Rotate secret", confirmed in a dialog: the old secret stops signing at once, so the receiver must be told the new one. */
export function RotateSecretButton({ webhook, onSecret }: { webhook: Webhook; onSecret: (secret: string) => void }) {
  const [open, setOpen] = useState(false);
  const rotate = useRotateWebhookSecret();
  const close = () => {
    setOpen(false);
    rotate.reset();
  };
  const confirm = () =>
    rotate.mutate(webhook.id, {
      onSuccess: (secret) => {
        close();
        onSecret(secret);
      },
    });
  return (
    <>
      <Button onClick={() => setOpen(true)}>Rotate secret</Button>
      <Dialog open={open} onClose={close} aria-labelledby="rotate-secret-title" aria-describedby="rotate-secret-text">
        <DialogTitle id="rotate-secret-title">Rotate the signing secret?</DialogTitle>
        <DialogContent>
          <DialogContentText id="rotate-secret-text" sx={{ wordBreak: 'break-word' }}>
            {webhook.format === 'slack'
              ? 'A new secret replaces the current one. Slack messages are not signed, so they keep arriving as before.'
              : `A new secret replaces the current one at once: ${webhook.url} rejects every delivery until it is given the new secret.`}
          </DialogContentText>
          {rotate.isError ? <Alert severity="error">{rotate.error.message}</Alert> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button variant="contained" onClick={confirm} disabled={rotate.isPending}>
            Rotate secret
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
