import { useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useFocusIfLost } from '@/lib/use-focus-if-lost';
import { useAutoReply } from '../api/get-auto-reply';
import { useEmailSettings } from '../api/get-email-settings';
import { ResponseTimeSettingsSection } from './response-time-settings';
import { AutoReplyForm } from './auto-reply-form';
import { TestEmailButton } from './test-email-button';

/** Settings → E-mail: whether e-mail is set up, a test e-mail, and the auto-reply to visitors. */
export function EmailSettings() {
  const email = useEmailSettings();
  const autoReply = useAutoReply();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusIfLost(headingRef);

  return (
    <Box sx={{ display: 'grid', gap: 3, maxWidth: 720 }}>
      <Typography ref={headingRef} tabIndex={-1} variant="h4" component="h1" sx={{ fontWeight: 700, outline: 'none' }}>
        Settings · E-mail
      </Typography>
      <Box component="section" aria-labelledby="sending-title" sx={{ display: 'grid', gap: 2 }}>
        <Typography id="sending-title" variant="h5" component="h2">
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
        <Typography id="auto-reply-title" variant="h5" component="h2">
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
      {/* Its escalations and follow-up reminders are e-mails: set beside them. */}
      <ResponseTimeSettingsSection />
    </Box>
  );
}
