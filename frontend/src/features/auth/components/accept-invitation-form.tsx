import Alert from '@mui/material/Alert';
import { useFormik } from 'formik';
import { useLocation } from 'wouter';
import { FormCard } from '@/components/form-card';
import { FormikForm } from '@/components/formik-form';
import { FormTextField } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { refusedPasswordRules } from '@/lib/password-rules';
import { acceptInvitationSchema, useAcceptInvitation } from '../api/accept-invitation';
import { valuesTypedBeforeHydration } from '@/lib/hydration';
import { useLinkToken } from '../utils/link-token';

function acceptErrorMessage(error: Error): string {
  if (isApiError(error, 410)) return 'This invitation is no longer valid. Ask an admin of your team for a new one.';
  if (isApiError(error, 409)) return 'This username is taken. Please choose another.';
  return `Could not accept the invitation (${error.message}).`;
}

/** `/admin/invite#<token>`: the invited person chooses a username and password, and is signed in. */
export function AcceptInvitationForm() {
  // Read once the page's code runs: its prerendered HTML (no token there) is the form, so
  // that the usual visit, from the link, shows the same page before and after.
  const token = useLinkToken();
  const accept = useAcceptInvitation();
  const [, navigate] = useLocation();
  const formik = useFormik({
    initialValues: valuesTypedBeforeHydration({ username: '', displayName: '', password: '' }),
    validationSchema: acceptInvitationSchema,
    onSubmit: async ({ username, displayName, password }, { setFieldError }) => {
      try {
        const name = displayName.trim();
        await accept.mutateAsync({
          token: token ?? '',
          username: username.trim(),
          password,
          ...(name ? { displayName: name } : {}),
        });
        navigate(paths.admin);
      } catch (error) {
        // The rules the password breaks go under its field, every one; the rest above the form.
        const rules = refusedPasswordRules(error, 'password');
        if (rules.length > 0) setFieldError('password', rules.join('\n'));
      }
    },
  });

  return (
    <FormCard title="Join the team" intro="You were invited to the dashboard. Choose how you sign in.">
      {(titleId) =>
        token !== '' ? (
          <FormikForm
            formik={formik}
            labelledBy={titleId}
            error={
              accept.isError && refusedPasswordRules(accept.error, 'password').length === 0
                ? acceptErrorMessage(accept.error)
                : null
            }
          >
            <FormTextField name="username" label="Username" autoComplete="username" required />
            <FormTextField name="displayName" label="Display name" autoComplete="name" />
            <FormTextField name="password" label="Password" type="password" autoComplete="new-password" required />
            <SubmitButton label="Join and sign in" submitting={formik.isSubmitting} />
          </FormikForm>
        ) : (
          <Alert severity="error" role="alert">
            This link has no invitation in it. Open the link from your invitation again, or ask an admin for a new one.
          </Alert>
        )
      }
    </FormCard>
  );
}
