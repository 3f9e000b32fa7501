import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { FormikProvider, useFormik } from 'formik';
import { FormTextField } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { ROLE_LABELS, ROLES } from '@/config/roles';
import type { Role } from '@/config/roles';
import { createInvitationSchema, useCreateInvitation } from '../api/create-invitation';
import type { Invitation } from '../api/team-types';

export type InviteFormProps = { onInvited: (invitation: Invitation) => void };

/** Invite by e-mail and role; the page shows the new link to copy. */
export function InviteForm({ onInvited }: InviteFormProps) {
  const invite = useCreateInvitation();
  const formik = useFormik<{ email: string; role: Role }>({
    initialValues: { email: '', role: 'member' },
    validationSchema: createInvitationSchema,
    onSubmit: async ({ email, role }, { resetForm }) => {
      try {
        onInvited(await invite.mutateAsync({ email: email.trim(), role }));
        resetForm();
      } catch {
        // Shown from the mutation's state.
      }
    },
  });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FormikProvider value={formik}>
        <Box
          component="form"
          noValidate
          aria-label="Invite a teammate"
          onSubmit={formik.handleSubmit}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 10rem auto' }, alignItems: 'start' }}
        >
          <FormTextField name="email" label="E-mail address" type="email" autoComplete="off" required />
          <TextField
            select
            label="Role"
            {...formik.getFieldProps('role')}
            disabled={formik.isSubmitting}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </TextField>
          <SubmitButton label="Invite" submitting={formik.isSubmitting} />
        </Box>
      </FormikProvider>
      {invite.isError ? (
        <Alert severity="error" role="alert">
          Could not invite: {invite.error.message}
        </Alert>
      ) : null}
    </Box>
  );
}
