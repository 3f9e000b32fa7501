import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { FormikForm } from '@/components/formik-form';
import { SubmitButton } from '@/components/submit-button';
import { toast } from '@/components/toast/toast';
import type { AutoReplySettings } from '../api/email-settings-keys';
import { autoReplySchema, useSaveAutoReply } from '../api/save-auto-reply';
import {
  AUTO_REPLY_LIMITS,
  autoReplyPreview,
  BOOKING_URL_PLACEHOLDER,
  NAME_PLACEHOLDER,
  SAMPLE_NAME,
} from '../utils/auto-reply-preview';

/** The form's values: the optional sender fields as text ('' for none). */
const formValues = (settings: AutoReplySettings) => ({
  ...settings,
  fromName: settings.fromName ?? '',
  replyTo: settings.replyTo ?? '',
});

/** The auto-reply editor: on or off, subject, body with {name}, the sender's name and Reply-To, a live preview, Save. */
export function AutoReplyForm({ settings }: { settings: AutoReplySettings }) {
  const save = useSaveAutoReply();
  const formik = useFormik({
    initialValues: formValues(settings),
    validationSchema: autoReplySchema,
    onSubmit: async ({ enabled, subject, body, fromName, replyTo }) => {
      try {
        const saved = await save.mutateAsync({
          enabled,
          subject: subject.trim(),
          body,
          fromName: fromName.trim() || null,
          replyTo: replyTo.trim() || null,
        });
        formik.resetForm({ values: formValues(saved) });
        void toast({ title: 'Auto-reply saved' });
      } catch (error) {
        void toast({ title: 'Auto-reply not saved', description: (error as Error).message, destructive: true });
      }
    },
  });
  const fieldError = (name: 'subject' | 'body' | 'fromName' | 'replyTo') =>
    formik.touched[name] ? formik.errors[name] : undefined;
  const { subject, body } = formik.values;
  return (
    <FormikForm formik={formik} label="Auto-reply">
      <FormControlLabel
        control={<Switch {...formik.getFieldProps({ name: 'enabled', type: 'checkbox' })} disabled={formik.isSubmitting} />}
        label="Send an auto-reply to each visitor"
      />
      <TextField
        label="Subject"
        required
        {...formik.getFieldProps('subject')}
        disabled={formik.isSubmitting}
        error={Boolean(fieldError('subject'))}
        helperText={fieldError('subject') ?? `${subject.length} / ${AUTO_REPLY_LIMITS.subject}`}
      />
      <TextField
        label="Message"
        required
        multiline
        minRows={6}
        {...formik.getFieldProps('body')}
        disabled={formik.isSubmitting}
        error={Boolean(fieldError('body'))}
        helperText={
          fieldError('body') ??
          `${NAME_PLACEHOLDER} is replaced by the visitor's name, or "there" when it does not read like one (a link, an @, digits, over 60 characters); ${BOOKING_URL_PLACEHOLDER} by their booking link (empty without one). ${body.length} / ${AUTO_REPLY_LIMITS.body}`
        }
      />
      <TextField
        label="Sender name"
        {...formik.getFieldProps('fromName')}
        disabled={formik.isSubmitting}
        error={Boolean(fieldError('fromName'))}
        helperText={fieldError('fromName') ?? 'Shown as who the auto-reply is from; empty: the name of MAIL_FROM.'}
      />
      <TextField
        label="Reply-To address"
        type="email"
        {...formik.getFieldProps('replyTo')}
        disabled={formik.isSubmitting}
        error={Boolean(fieldError('replyTo'))}
        helperText={fieldError('replyTo') ?? "Where a visitor's answer goes; empty: to the sender address."}
      />
      <Paper variant="outlined" component="section" aria-label="Preview" sx={{ p: 2, display: 'grid', gap: 1 }}>
        <Typography variant="overline" component="h4">
          Preview for {SAMPLE_NAME}
        </Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid="preview-subject">
          {subject}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="preview-body">
          {autoReplyPreview(body)}
        </Typography>
      </Paper>
      <Box>
        <SubmitButton label="Save" submitting={formik.isSubmitting} />
      </Box>
    </FormikForm>
  );
}
