import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { FormCard } from '@/components/form-card';
import { LoadingScreen } from '@/components/loading-screen';
import { RouterLink } from '@/components/router-link';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useHydrated } from '@/lib/hydration';
import { throttledMessage } from '@/lib/wait-text';
import { useConfirmEmail, useEmailChangePreview } from '../api/confirm-email';
import { linkToken } from '../utils/link-token';

function confirmErrorMessage(error: Error): string {
  if (isApiError(error, 410)) return 'This link is no longer valid. Ask for a new one on your account page.';
  if (isApiError(error, 429)) return throttledMessage('attempts', error);
  return `Could not confirm the address (${error.message}).`;
}

/**
 * `/admin/confirm-email#<token>`: the link e-mailed to a new address. Opening it confirms
 * nothing (mail scanners open links): the page asks what the link is for, names the account
 * and the new address, and confirms only when its button is pressed. The token is read once
 * the page's code runs (the fragment reaches no server).
 */
export function ConfirmEmail() {
  const token = useHydrated() ? linkToken() : null;
  const preview = useEmailChangePreview(token);
  const confirm = useConfirmEmail();

  return (
    <FormCard title="Confirm your new e-mail address">
      {() => {
        if (token === '') {
          return (
            <Alert severity="error" role="alert">
              Open this page from the link in the e-mail sent to your new address.
            </Alert>
          );
        }
        if (confirm.isSuccess) {
          return (
            <Alert severity="success" role="status">
              Your e-mail address is changed, and your other sessions have ended.{' '}
              <Link component={RouterLink} href={paths.account}>
                Go to your account
              </Link>
              .
            </Alert>
          );
        }
        const error = preview.error ?? confirm.error;
        if (error) {
          return (
            <Alert severity="error" role="alert">
              {confirmErrorMessage(error)}
            </Alert>
          );
        }
        if (!preview.data) return <LoadingScreen label="Reading the link..." />;
        const { email, username } = preview.data;
        return (
          <Box sx={{ display: 'grid', gap: 3 }}>
            <Typography>
              Confirm <strong>{email}</strong> as the e-mail address of the account <strong>{username}</strong>? Your other
              sessions will end, and the old address will be told.
            </Typography>
            <Button
              variant="contained"
              size="large"
              disabled={confirm.isPending}
              startIcon={confirm.isPending ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
              onClick={() => confirm.mutate({ token: token! })}
            >
              Confirm the address
            </Button>
          </Box>
        );
      }}
    </FormCard>
  );
}
