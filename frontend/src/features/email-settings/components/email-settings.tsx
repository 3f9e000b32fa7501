import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useAutoReply } from '../api/get-auto-reply';
import { useEmailSettings } from '../api/get-email-settings';
import { AutoReplyForm } from './auto-reply-form';
import { TestEmailButton } from './test-email-button';

/** Settings' E-mail section: whether e-mail is set up, a test e-mail, and the auto-reply to visitors. */
export function EmailSettings() {
  const email = useEmailSettings();
  const autoReply = useAutoReply();

  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 720 }}>
      <Box component="section" aria-labelledby="sending-title" sx={{ display: 'grid', gap: 2 }}>
        <Typography id="sending-title" variant="h6" component="h3">
          Sending
        </Typography>
        {email.isPending ? <Typography>Loading…</Typography> : null}
        {email.isError ? <Alert severity="error">Could not load the e-mail settings: {email.error.message}</Alert> : null}
        {email.data?.enabled ? (
          <>
            <Typography data-testid="email-status">E-mail is set up: it is sent from {email.data.from}.</Typography>
            <TestEmailButton />
          </>
        ) : null}
        {email.data && !email.data.enabled ? (
          <Alert severity="info" data-testid="email-status">
            E-mail is not set up: nothing is sent until the server has SMTP_URL and MAIL_FROM (see the README).
          </Alert>
        ) : null}
      </Box>
      <Box component="section" aria-labelledby="auto-reply-title" sx={{ display: 'grid', gap: 2 }}>
        <Typography id="auto-reply-title" variant="h6" component="h3">
          Auto-reply to the visitor
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Sent to whoever submits the contact form, at most once a day to the same address. Nothing else the visitor typed goes
          into it.
        </Typography>
        {autoReply.isPending ? <Typography>Loading…</Typography> : null}
        {autoReply.isError ? <Alert severity="error">Could not load the auto-reply: {autoReply.error.message}</Alert> : null}
        {autoReply.data ? <AutoReplyForm settings={autoReply.data} /> : null}
      </Box>
    </Box>
  );
}
