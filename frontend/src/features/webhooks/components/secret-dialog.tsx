import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';

/** A secret to show, and the format of its endpoint (a Slack message is not signed). */
export type ShownSecret = { secret: string; format: 'standard' | 'slack' };

/** The signing secret, shown this once, with a copy button. */
export function SecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  const secret = shown?.secret ?? null;
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(secret ?? '');
    setCopied(true);
  };
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Dialog open={secret !== null} onClose={close} aria-labelledby="webhook-secret-title" fullWidth maxWidth="sm">
      <DialogTitle id="webhook-secret-title">Signing secret</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {shown?.format === 'slack' ? (
            <>
              Slack messages are not signed: this secret is used only if the endpoint is switched to Standard Webhooks. Copy it
              now if you may need it: it is not shown again.
            </>
          ) : (
            <>
              Copy it now: it is not shown again. The receiver checks each request&apos;s <code>webhook-signature</code> with it.
            </>
          )}
        </DialogContentText>
        <TextField
          label="Secret"
          value={secret ?? ''}
          fullWidth
          slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()} variant="contained">
          {copied ? 'Copied' : 'Copy secret'}
        </Button>
        <Button onClick={close}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
