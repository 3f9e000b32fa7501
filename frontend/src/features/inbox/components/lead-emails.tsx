import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useContactEmails } from '../api/get-contact-emails';
import { useEmailStatus } from '../api/get-email-status';
import { emailKindLabel, emailStateLabel } from '../utils/email-labels';
import { localTime } from '../utils/relative-time';

/** The drawer's "E-mails": what was sent about the lead (kind, state, attempts, last error). */
export function LeadEmails({ id }: { id: string }) {
  const emails = useContactEmails(id);
  const status = useEmailStatus();
  const notSetUp =
    status.data && !status.data.enabled ? (
      <Typography variant="body2" color="text.secondary" data-testid="email-not-set-up">
        E-mail is not set up.
      </Typography>
    ) : null;
  if (emails.isPending) return <Typography variant="body2">Loading e-mails…</Typography>;
  if (emails.isError) return <Typography role="alert">Could not load the e-mails: {emails.error.message}</Typography>;
  if (emails.data.length === 0) {
    return (
      notSetUp ?? (
        <Typography variant="body2" color="text.secondary">
          No e-mails about this lead.
        </Typography>
      )
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {notSetUp}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="lead-emails">
        {emails.data.map((email) => (
          <Typography component="li" variant="body2" key={email.id}>
            {emailKindLabel(email.kind)}: {emailStateLabel(email.state)}
            {email.state === 'delivered' && email.deliveredAt ? ` (${localTime(email.deliveredAt)})` : ''}
            {email.attempts ? `, ${email.attempts} attempt${email.attempts === 1 ? '' : 's'}` : ''}
            {email.lastError ? (
              <Typography component="span" variant="body2" color="error" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                Last error: {email.lastError}
              </Typography>
            ) : null}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
