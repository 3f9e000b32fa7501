import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useSendTestEmail } from '../api/send-test-email';

/** "Send a test e-mail" to the signed-in admin, then the SMTP server's answer (or its refusal). */
export function TestEmailButton() {
  const send = useSendTestEmail();
  return (
    <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
      <Button variant="outlined" onClick={() => send.mutate()} disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send a test e-mail'}
      </Button>
      {send.isSuccess ? (
        <Alert severity="success" role="status" sx={{ overflowWrap: 'anywhere' }}>
          Sent to {send.data.to}. The mail server answered: {send.data.response}
        </Alert>
      ) : null}
      {send.isError ? (
        <Alert severity="error" role="alert" sx={{ overflowWrap: 'anywhere' }}>
          {send.error.message}
        </Alert>
      ) : null}
    </Box>
  );
}
