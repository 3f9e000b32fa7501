import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { FormikForm } from '@/components/formik-form';
import { FormTextField } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import type { SessionUser } from '@/config/roles';
import { isApiError } from '@/lib/api-client';
import { throttledMessage } from '@/lib/wait-text';
import { changeEmailSchema, useChangeEmail } from '../api/change-email';

function emailErrorMessage(error: Error): string {
  if (isApiError(error, 403)) return 'The current password is not right.';
  if (isApiError(error, 429)) return throttledMessage('attempts', error);
  return `E-mail address not changed (${error.message}).`;
}

export type EmailFormProps = { user: SessionUser };

/**
 * The account's e-mail address: a new one takes the current password, and changes only once
 * the link sent to it is opened (so a session left open is not enough to move the account).
 */
export function EmailForm({ user }: EmailFormProps) {
  const change = useChangeEmail();
  const formik = useFormik({
    initialValues: { email: '', currentPassword: '' },
    validationSchema: changeEmailSchema,
    onSubmit: async ({ email, currentPassword }, { resetForm }) => {
      try {
        await change.mutateAsync({ email: email.trim(), currentPassword });
        resetForm();
      } catch {
        // Shown from the mutation's state.
      }
    },
  });
  return (
    <FormikForm formik={formik} label="Change e-mail address" error={change.isError ? emailErrorMessage(change.error) : null}>
      <Typography color="text.secondary">
        {user.email ? `Your e-mails go to ${user.email}.` : 'Your account has no e-mail address yet.'}
      </Typography>
      {change.isSuccess ? (
        <Alert severity="success" role="status">
          Check your new inbox: the link to confirm the address is on its way and works for 1 hour. Your address changes once you
          open it.
        </Alert>
      ) : null}
      <FormTextField name="email" label="New e-mail address" type="email" autoComplete="email" required />
      <FormTextField name="currentPassword" label="Your password" type="password" autoComplete="current-password" required />
      <Box>
        <SubmitButton label="Send the confirmation link" submitting={formik.isSubmitting} />
      </Box>
    </FormikForm>
  );
}
