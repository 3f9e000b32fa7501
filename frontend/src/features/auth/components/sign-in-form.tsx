import { useId, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FormikProvider, useFormik } from 'formik';
import { object, string } from 'yup';
import { FormTextField } from '@/components/form-text-field';
import { RouterLink } from '@/components/router-link';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-client';
import { waitText } from '@/lib/wait-text';
import { useFocusIfLost } from '@/lib/use-focus-if-lost';
import { useLogin } from '../api/login';
import type { LoginInput } from '../api/login';

const SIGN_IN_MESSAGES = {
  username: 'Please enter your username',
  password: 'Please enter your password',
  invalid: 'Invalid username or password',
} as const;

/** The 429's message, with the wait the API's `Retry-After` gives. */
export function throttledMessage(what: string, error: ApiError): string {
  return `Too many ${what}. Please wait ${waitText(error.retryAfter)} and try again.`;
}

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
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useFocusIfLost(titleRef);

  const formik = useFormik<LoginInput>({
    initialValues: { username: '', password: '' },
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
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3, maxWidth: 420, mx: 'auto' }}>
      <Typography
        ref={titleRef}
        tabIndex={-1}
        id={titleId}
        variant="h5"
        component="h1"
        sx={{ fontWeight: 700, mb: 0.5, outline: 'none' }}
      >
        Admin sign-in
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Sign in to see the submissions.
      </Typography>
      <FormikProvider value={formik}>
        <Box
          component="form"
          noValidate
          aria-labelledby={titleId}
          onSubmit={formik.handleSubmit}
          sx={{ display: 'grid', gap: 2.5 }}
        >
          {login.isError ? (
            <Alert severity="error" role="alert">
              {signInErrorMessage(login.error)}
            </Alert>
          ) : null}
          <FormTextField name="username" label="Username" autoComplete="username" required />
          <FormTextField name="password" label="Password" type="password" autoComplete="current-password" required />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={formik.isSubmitting}
            startIcon={formik.isSubmitting ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
          >
            Sign in
          </Button>
          <Link component={RouterLink} href={paths.reset} variant="body2" sx={{ justifySelf: 'center' }}>
            Forgot password?
          </Link>
        </Box>
      </FormikProvider>
    </Paper>
  );
}
