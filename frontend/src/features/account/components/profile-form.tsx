import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { FormikForm } from '@/components/formik-form';
import { FormTextField } from '@/components/form-text-field';
import { SubmitButton } from '@/components/submit-button';
import { toast } from '@/components/toast/toast';
import type { SessionUser } from '@/config/roles';
import { NEW_LEAD_CHOICES, type NewLeadChoice, updateMeSchema, useUpdateMe } from '../api/update-me';
import { timeZoneChoices } from '../utils/time-zones';

const NEW_LEAD_LABELS: Record<NewLeadChoice, string> = {
  all: 'Every new lead, at once',
  mine: 'Mine and the unassigned ones, at once',
  daily: 'Once a day, a digest',
  off: 'Never',
};

/** The other e-mails, each on or off, in the order the form offers them. */
const SWITCHES = [
  { name: 'assigned', label: 'E-mail me when leads are assigned to me' },
  { name: 'replies', label: 'E-mail me when a lead of mine (or an unassigned one) replies' },
  { name: 'escalations', label: 'E-mail me when a lead of mine (or an unassigned one) waits past the response target' },
  { name: 'followUps', label: 'E-mail me when a follow-up of mine (or an unassigned one) is due' },
] as const;

/** The account's display name, time zone and notification choices, saved together (the e-mail: EmailForm). */
export function ProfileForm({ user }: { user: SessionUser }) {
  const update = useUpdateMe();
  const formik = useFormik({
    initialValues: {
      displayName: user.displayName,
      timeZone: user.timeZone,
      newLead: user.notifications.newLead,
      assigned: user.notifications.assigned,
      replies: user.notifications.replies === 'instant',
      escalations: user.notifications.escalations,
      followUps: user.notifications.followUps,
    },
    validationSchema: updateMeSchema,
    onSubmit: async ({ displayName, timeZone, newLead, assigned, replies, escalations, followUps }) => {
      try {
        await update.mutateAsync({
          displayName: displayName.trim(),
          timeZone,
          notifications: { newLead, assigned, replies: replies ? 'instant' : 'off', escalations, followUps },
        });
        void toast({ title: 'Account saved' });
      } catch (error) {
        void toast({ title: 'Account not saved', description: (error as Error).message, destructive: true });
      }
    },
  });
  // Without an address (the first admin of an install without ADMIN_EMAIL) no e-mail can
  // reach the user: the choices are kept, and shown as not in effect until one is set.
  const noAddress = !user.email;
  const notInEffect = noAddress ? 'Not in effect: your account has no e-mail address.' : undefined;
  return (
    <FormikForm formik={formik} label="Profile">
      <FormTextField name="displayName" label="Display name" autoComplete="name" required />
      <TextField
        select
        label="Time zone"
        {...formik.getFieldProps('timeZone')}
        disabled={formik.isSubmitting}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {timeZoneChoices(user.timeZone).map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </TextField>
      {noAddress ? (
        <Alert severity="warning" data-testid="no-email-address">
          Your account has no e-mail address, so no e-mail reaches you: the choices below take effect once you set one under
          &ldquo;Change e-mail address&rdquo;.
        </Alert>
      ) : null}
      <TextField
        select
        label="E-mail me new leads"
        helperText={notInEffect}
        {...formik.getFieldProps('newLead')}
        disabled={formik.isSubmitting}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {NEW_LEAD_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {NEW_LEAD_LABELS[choice]}
          </option>
        ))}
      </TextField>
      {SWITCHES.map(({ name, label }) => (
        <FormControlLabel
          key={name}
          control={<Checkbox {...formik.getFieldProps({ name, type: 'checkbox' })} disabled={formik.isSubmitting} />}
          label={`${label}${noAddress ? ' (not in effect: no e-mail address)' : ''}`}
        />
      ))}
      <Box>
        <SubmitButton label="Save" submitting={formik.isSubmitting} />
      </Box>
    </FormikForm>
  );
}
