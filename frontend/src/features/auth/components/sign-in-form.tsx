import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useFormik } from 'formik';
import { object, string } from 'yup';
import { FormCard } from '@/components/form-card';
import { FormikForm } from '@/components/formik-form';
import { FormTextField } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { RouterLink } from '@/components/router-link';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { valuesTypedBeforeHydration } from '@/lib/hydration';
import { throttledMessage } from '@/lib/wait-text';
import { SESSION_ENDED_MESSAGE, useSessionEnded } from '@/lib/session-ended';
import { useLogin } from '../api/login';
import type { LoginInput } from '../api/login';

const SIGN_IN_MESSAGES = {
  username: 'Please enter your username',
  password: 'Please enter your password',
  invalid: 'Invalid username or password',
} as const;

const signInSchema = object({
  username: string().trim().required(SIGN_IN_MESSAGES.username),
  password: string().required(SIGN_IN_MESSAGES.password),
});

function signInErrorMessage(error: unknown): string {
  if (isApiError(error, 401)) return SIGN_IN_MESSAGES.invalid;
  if (isApiError(error, 429)) return throttledMessage('sign-in attempts', error);
  const detail = error instanceof Error ? error.message : String(error);
  return `Sign-in failed (${detail}). Please try again.`;
}

/** Shown on /admin in place of the dashboard while nobody is signed in. */
export function SignInForm() {
  const login = useLogin();
  // The page stays at its URL (a lead's drawer included) and comes back there once signed in.
  const ended = useSessionEnded();

  const formik = useFormik<LoginInput>({
    initialValues: valuesTypedBeforeHydration({ username: '', password: '' }),
    validationSchema: signInSchema,
    onSubmit: async (values) => {
      try {
        await login.mutateAsync({ username: values.username.trim(), password: values.password });
      } catch {
        // The error is shown from the mutation's state below.
      }
    },
  });

  return (
    <FormCard title="Admin sign-in" intro="Sign in to see the submissions.">
      {(titleId) => (
        <FormikForm formik={formik} labelledBy={titleId} error={login.isError ? signInErrorMessage(login.error) : null}>
          {ended && !login.isError ? (
            <Alert severity="info" role="status">
              {SESSION_ENDED_MESSAGE}
            </Alert>
          ) : null}
          <FormTextField name="username" label="Username" autoComplete="username" required />
          <FormTextField name="password" label="Password" type="password" autoComplete="current-password" required />
          <SubmitButton label="Sign in" submitting={formik.isSubmitting} />
          <Link component={RouterLink} href={paths.reset} variant="body2" sx={{ justifySelf: 'center' }}>
            Forgot password?
          </Link>
        </FormikForm>
      )}
    </FormCard>
  );
}
