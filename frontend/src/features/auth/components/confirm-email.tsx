import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useEffect, useRef } from 'react';
import { FormCard } from '@/components/form-card';
import { LoadingScreen } from '@/components/loading-screen';
import { RouterLink } from '@/components/router-link';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useHydrated } from '@/lib/hydration';
import { throttledMessage } from '@/lib/wait-text';
import { useConfirmEmail } from '../api/confirm-email';
import { linkToken } from '../utils/link-token';

function confirmErrorMessage(error: Error): string {
  if (isApiError(error, 410)) return 'This link is no longer valid. Ask for a new one on your account page.';
  if (isApiError(error, 429)) return throttledMessage('attempts', error);
  return `Could not confirm the address (${error.message}).`;
}

/**
 * `/admin/confirm-email#<token>`: the link e-mailed to a new address. Opening it is the
 * consent: the token, read once the page's code runs (the fragment reaches no server), is
 * confirmed at once, and only once (the link works once).
 */
export function ConfirmEmail() {
  const token = useHydrated() ? linkToken() : null;
  const confirm = useConfirmEmail();
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate({ token });
  }, [token, confirm]);

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
        if (confirm.isError) {
          return (
            <Alert severity="error" role="alert">
              {confirmErrorMessage(confirm.error)}
            </Alert>
          );
        }
        return <LoadingScreen label="Confirming the address..." />;
      }}
    </FormCard>
  );
}
