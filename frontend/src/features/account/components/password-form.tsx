import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useFormik } from 'formik';
import { FormikForm } from '@/components/formik-form';
import { FormTextField } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { isApiError } from '@/lib/api-client';
import { refusedPasswordRules } from '@/lib/password-rules';
import { changePasswordSchema, useChangePassword } from '../api/change-password';

function passwordErrorMessage(error: Error): string {
  if (isApiError(error, 401) || isApiError(error, 403)) return 'The current password is not right.';
  return `Password not changed (${error.message}).`;
}

/** Changes the password; the account's other sessions (other browsers, other devices) end. */
export function PasswordForm() {
  const change = useChangePassword();
  const formik = useFormik({
    initialValues: { currentPassword: '', newPassword: '' },
    validationSchema: changePasswordSchema,
    onSubmit: async (values, { resetForm, setFieldError }) => {
      try {
        await change.mutateAsync(values);
        resetForm();
      } catch (error) {
        // The rules the new password breaks go under its field, every one; the rest above the form.
        const rules = refusedPasswordRules(error, 'newPassword');
        if (rules.length > 0) setFieldError('newPassword', rules.join('\n'));
      }
    },
  });
  const formError =
    change.isError && refusedPasswordRules(change.error, 'newPassword').length === 0 ? passwordErrorMessage(change.error) : null;
  return (
    <FormikForm formik={formik} label="Change password" error={formError}>
      {change.isSuccess ? (
        <Alert severity="success" role="status">
          Password changed. You stay signed in here; every other session has ended.
        </Alert>
      ) : null}
      <FormTextField name="currentPassword" label="Current password" type="password" autoComplete="current-password" required />
      <FormTextField name="newPassword" label="New password" type="password" autoComplete="new-password" required />
      <Box>
        <SubmitButton label="Change password" submitting={formik.isSubmitting} />
      </Box>
    </FormikForm>
  );
}
