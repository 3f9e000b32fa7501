import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { FormikForm } from '@/components/formik-form';
import { SubmitButton } from '@/components/submit-button';
import { toast } from '@/components/toast/toast';
import type { SessionUser } from '@/config/roles';
import { bookingLinkSchema } from '../api/booking-link-schema';
import { useUpdateMe } from '../api/update-me';

/**
 * The user's own booking link (Cal.com, Calendly…): the leads assigned to them get it with the
 * form's answer and the auto-reply, and `{{me.bookingUrl}}` in a reply template. Empty: the team's.
 */
export function BookingLinkForm({ user }: { user: SessionUser }) {
  const update = useUpdateMe();
  const formik = useFormik({
    initialValues: { bookingUrl: user.bookingUrl ?? '' },
    validationSchema: bookingLinkSchema,
    onSubmit: async ({ bookingUrl }) => {
      try {
        const saved = await update.mutateAsync({ bookingUrl: bookingUrl.trim() || null });
        formik.resetForm({ values: { bookingUrl: saved.bookingUrl ?? '' } });
        void toast({ title: 'Booking link saved' });
      } catch (error) {
        void toast({ title: 'Booking link not saved', description: (error as Error).message, destructive: true });
      }
    },
  });
  const error = formik.touched.bookingUrl ? formik.errors.bookingUrl : undefined;
  return (
    <FormikForm formik={formik} label="Booking link">
      <TextField
        label="Your booking link"
        type="url"
        placeholder="https://cal.com/you/intro"
        {...formik.getFieldProps('bookingUrl')}
        disabled={formik.isSubmitting}
        error={Boolean(error)}
        helperText={
          error ??
          "Leads assigned to you are offered this link to book a call with you (with their name, e-mail and lead filled in). Empty: the team's link."
        }
      />
      <Box>
        <SubmitButton label="Save link" submitting={formik.isSubmitting} />
      </Box>
    </FormikForm>
  );
}
