import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useFormik } from 'formik';
import { FormCard } from '@/components/form-card';
import { FormikForm } from '@/components/formik-form';
import { FormTextField } from '@/components/form-text-field';
import { RouterLink } from '@/components/router-link';
import { SubmitButton } from '@/components/submit-button';
import { paths } from '@/config/paths';
import { throttledMessage } from '@/lib/wait-text';
import { isApiError } from '@/lib/api-client';
import { refusedPasswordRules } from '@/lib/password-rules';
import { valuesTypedBeforeHydration } from '@/lib/hydration';
import {
  confirmPasswordResetSchema,
  requestPasswordResetSchema,
  useConfirmPasswordReset,
  useRequestPasswordReset,
} from '../api/reset-password';
import { useLinkToken } from '../utils/link-token';

function resetErrorMessage(error: Error): string {
  if (isApiError(error, 429)) return throttledMessage('requests', error);
  if (isApiError(error, 410)) return 'This link is no longer valid. Ask for a new one below.';
  return `Could not reset the password (${error.message}).`;
}

/** "Forgot password?": asks for a link by e-mail; the answer is the same whether or not the address has an account. */
function RequestResetForm() {
  const request = useRequestPasswordReset();
  const formik = useFormik({
    initialValues: valuesTypedBeforeHydration({ email: '' }),
    validationSchema: requestPasswordResetSchema,
    onSubmit: async ({ email }) => {
      try {
        await request.mutateAsync({ email: email.trim() });
      } catch {
        // Shown from the mutation's state.
      }
    },
  });
  return (
    <FormCard
      title="Forgot password?"
      intro="Enter your account's e-mail address and we will send you a link to choose a new password."
    >
      {(titleId) =>
        request.isSuccess ? (
          <Alert severity="success" role="status">
            If an account has this address, a link to choose a new password is on its way. It is valid for 1 hour.
          </Alert>
        ) : (
          <FormikForm formik={formik} labelledBy={titleId} error={request.isError ? resetErrorMessage(request.error) : null}>
            <FormTextField name="email" label="E-mail address" type="email" autoComplete="email" required />
            <SubmitButton label="Send the link" submitting={formik.isSubmitting} />
            <Link component={RouterLink} href={paths.admin} variant="body2" sx={{ justifySelf: 'center' }}>
              Back to sign-in
            </Link>
          </FormikForm>
        )
      }
    </FormCard>
  );
}

/** The reset link's page: a new password for the account; every session of it ends. */
function NewPasswordForm({ token }: { token: string }) {
  const confirm = useConfirmPasswordReset();
  const formik = useFormik({
    initialValues: valuesTypedBeforeHydration({ password: '' }),
    validationSchema: confirmPasswordResetSchema,
    onSubmit: async ({ password }, { setFieldError }) => {
      try {
        await confirm.mutateAsync({ token, password });
      } catch (error) {
        // The rules the password breaks go under its field, every one; the rest above the form.
        const rules = refusedPasswordRules(error, 'password');
        if (rules.length > 0) setFieldError('password', rules.join('\n'));
      }
    },
  });
  if (isApiError(confirm.error, 410)) {
    return (
      <Box sx={{ display: 'grid', gap: 3 }}>
        <Alert severity="error" role="alert">
          {resetErrorMessage(confirm.error)}
        </Alert>
        <RequestResetForm />
      </Box>
    );
  }
  return (
    <FormCard title="Choose a new password">
      {(titleId) =>
        confirm.isSuccess ? (
          <Alert severity="success" role="status">
            Your password is changed.{' '}
            <Link component={RouterLink} href={paths.admin}>
              Sign in with it
            </Link>
            .
          </Alert>
        ) : (
          <FormikForm
            formik={formik}
            labelledBy={titleId}
            error={
              confirm.isError && refusedPasswordRules(confirm.error, 'password').length === 0
                ? resetErrorMessage(confirm.error)
                : null
            }
          >
            <FormTextField name="password" label="New password" type="password" autoComplete="new-password" required />
            <SubmitButton label="Save the password" submitting={formik.isSubmitting} />
          </FormikForm>
        )
      }
    </FormCard>
  );
}

/**
 * `/admin/reset#<token>`: the new password form; `/admin/reset`: the request form. The token
 * is read once the page's code runs: the prerendered HTML (no token there) is the new
 * password form, as a visit from the e-mail's link shows it.
 */
export function PasswordResetPage() {
  const token = useLinkToken();
  // Another link pasted in starts a fresh form; the token's first reading (null until the
  // page's code runs) does not, or what was typed before the code came would be lost.
  const [shown, setShown] = useState(token);
  const [generation, setGeneration] = useState(0);
  if (token !== shown) {
    setShown(token);
    if (shown !== null) setGeneration(generation + 1);
  }
  return token === '' ? <RequestResetForm /> : <NewPasswordForm key={generation} token={token ?? ''} />;
}
