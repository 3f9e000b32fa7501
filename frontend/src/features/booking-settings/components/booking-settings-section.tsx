import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { FormikForm } from '@/components/formik-form';
import { SubmitButton } from '@/components/submit-button';
import { toast } from '@/components/toast/toast';
import {
  type BookingProvider,
  type BookingSettings,
  bookingSettingsSchema,
  PROVIDERS,
  useBookingSettings,
  useSaveBookingSettings,
} from '../api/booking-settings';

const PROVIDER_LABELS: Record<BookingProvider, string> = {
  calcom: 'Cal.com',
  calendly: 'Calendly',
  other: 'Another tool',
};

const formValues = (settings: BookingSettings) => ({ defaultUrl: settings.defaultUrl ?? '', provider: settings.provider });

function BookingSettingsForm({ settings }: { settings: BookingSettings }) {
  const save = useSaveBookingSettings();
  const formik = useFormik({
    initialValues: formValues(settings),
    validationSchema: bookingSettingsSchema,
    onSubmit: async ({ defaultUrl, provider }) => {
      try {
        const saved = await save.mutateAsync({ defaultUrl: defaultUrl.trim() || null, provider });
        formik.resetForm({ values: formValues(saved) });
        void toast({ title: 'Booking link saved' });
      } catch (error) {
        void toast({ title: 'Booking link not saved', description: (error as Error).message, destructive: true });
      }
    },
  });
  const error = formik.touched.defaultUrl ? formik.errors.defaultUrl : undefined;
  return (
    <FormikForm formik={formik} label="Team booking link">
      <TextField
        label="Team booking link"
        type="url"
        placeholder="https://cal.com/team/intro"
        {...formik.getFieldProps('defaultUrl')}
        disabled={formik.isSubmitting}
        error={Boolean(error)}
        helperText={error ?? 'For leads whose assignee has no link of their own (Account → Booking link). Empty: none.'}
      />
      <TextField
        select
        label="Scheduling tool"
        {...formik.getFieldProps('provider')}
        disabled={formik.isSubmitting}
        helperText="Decides how the lead's id travels with the booking, so that the meeting comes back to the lead."
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {PROVIDERS.map((provider) => (
          <option key={provider} value={provider}>
            {PROVIDER_LABELS[provider]}
          </option>
        ))}
      </TextField>
      <Box>
        <SubmitButton label="Save booking link" submitting={formik.isSubmitting} />
      </Box>
    </FormikForm>
  );
}

/** Settings' "Booking link" section (admins): the team's booking link and its tool (docs/booking.md). */
export function BookingSettingsSection() {
  const settings = useBookingSettings();
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
      <Typography variant="body2" color="text.secondary">
        A new lead is offered its assignee&apos;s booking link, else this one: in the auto-reply with {'{bookingUrl}'}, and in
        replies with {'{{me.bookingUrl}}'}. Meetings booked through Cal.com or Calendly show in the lead once their webhook is set
        up.
      </Typography>
      {settings.isPending ? <Typography>Loading…</Typography> : null}
      {settings.isError ? <Alert severity="error">Could not load the booking settings: {settings.error.message}</Alert> : null}
      {settings.data ? <BookingSettingsForm settings={settings.data} /> : null}
    </Box>
  );
}
