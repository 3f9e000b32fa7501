import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useFormik } from 'formik';
import { useState } from 'react';
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
import { loginSchema, useLogin } from '../api/login';
import type { CodeStep, LoginInput } from '../api/login';

const SIGN_IN_MESSAGES = {
  invalid: 'Invalid username or password',
  wrongCode: 'That code is not right (a code works once). Please enter the current one.',
} as const;

/** The API's answer to the right password without (or with a wrong) two-factor code. */
const TWO_FACTOR_REQUIRED = 'Two-factor code required';

const needsCode = (error: unknown) => isApiError(error, 401) && error.message.endsWith(TWO_FACTOR_REQUIRED);

function signInErrorMessage(error: unknown, codeTyped: boolean): string | null {
  if (needsCode(error)) return codeTyped ? SIGN_IN_MESSAGES.wrongCode : null;
  if (isApiError(error, 401)) return SIGN_IN_MESSAGES.invalid;
  if (isApiError(error, 429)) return throttledMessage('sign-in attempts', error);
  const detail = error instanceof Error ? error.message : String(error);
  return `Sign-in failed (${detail}). Please try again.`;
}

/** Shown on /admin in place of the dashboard while nobody is signed in. */
export function SignInForm() {
  const login = useLogin();
  const [step, setStep] = useState<CodeStep>(null);
  const [codeTyped, setCodeTyped] = useState(false);
  // The page stays at its URL (a lead's drawer included) and comes back there once signed in.
  const ended = useSessionEnded();

  const formik = useFormik<Required<LoginInput>>({
    initialValues: valuesTypedBeforeHydration({ username: '', password: '', code: '', recoveryCode: '' }),
    validationSchema: loginSchema(step),
    onSubmit: async (values) => {
      const factor =
        step === 'code'
          ? { code: values.code.trim() }
          : step === 'recoveryCode'
            ? { recoveryCode: values.recoveryCode.trim() }
            : {};
      setCodeTyped(step !== null);
      try {
        await login.mutateAsync({ username: values.username.trim(), password: values.password, ...factor });
      } catch (error) {
        if (needsCode(error) && step === null) setStep('code');
      }
    },
  });
  const error = login.isError ? signInErrorMessage(login.error, codeTyped) : null;

  return (
    <FormCard title="Admin sign-in" intro="Sign in to see the submissions.">
      {(titleId) => (
        <FormikForm formik={formik} labelledBy={titleId} error={error}>
          {ended && !login.isError ? (
            <Alert severity="info" role="status">
              {SESSION_ENDED_MESSAGE}
            </Alert>
          ) : null}
          <FormTextField name="username" label="Username" autoComplete="username" required />
          <FormTextField name="password" label="Password" type="password" autoComplete="current-password" required />
          {step === null ? null : (
            <Alert severity="info" role="status">
              {step === 'code'
                ? 'Two-factor sign-in is on: enter the 6-digit code your authenticator app shows.'
                : 'Enter one of the recovery codes you saved when you turned on two-factor sign-in.'}
            </Alert>
          )}
          {step === 'code' ? (
            <FormTextField name="code" label="Authentication code" autoComplete="one-time-code" inputMode="numeric" required />
          ) : null}
          {step === 'recoveryCode' ? (
            <FormTextField name="recoveryCode" label="Recovery code" autoComplete="off" required />
          ) : null}
          <SubmitButton label="Sign in" submitting={formik.isSubmitting} />
          {step === null ? null : (
            <Link
              component="button"
              type="button"
              variant="body2"
              sx={{ justifySelf: 'center' }}
              onClick={() => {
                login.reset();
                setStep(step === 'code' ? 'recoveryCode' : 'code');
              }}
            >
              {step === 'code' ? 'Use a recovery code instead' : 'Use the authenticator app instead'}
            </Link>
          )}
          <Link component={RouterLink} href={paths.reset} variant="body2" sx={{ justifySelf: 'center' }}>
            Forgot password?
          </Link>
        </FormikForm>
      )}
    </FormCard>
  );
}
