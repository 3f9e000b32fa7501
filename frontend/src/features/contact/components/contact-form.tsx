import { useCallback, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { flushSync } from 'react-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { FormikProvider, useFormik } from 'formik';
import type { FormikErrors } from 'formik';
import { FormTextField } from '@/components/form-text-field';
import { preloadToaster, toast } from '@/components/toast/toast';
import { PRODUCT_NAME } from '@/config/brand';
import { COMMENTS_ROWS, THANK_YOU_DURATION_MS } from '@/config/constants';
import { FORM_INTEREST_OPTIONS } from '@/config/interests';
import contactRules from '@/lib/contact-rules.json';
import { emptyContactForm } from '../api/contact-form-values';
import type { ContactFormValues } from '../api/contact-form-values';
import { useCreateContact } from '../api/create-contact';
import { CONSENT_NOTICE } from '../consent-notice';
import { HoneypotField } from './honeypot-field';
import { ThankYouPanel } from './thank-you-panel';

const SUCCESS_TITLE = 'Success! 🎉';
const FAILURE_TITLE = 'Submission Failed';
const FAILURE_FALLBACK = "We're experiencing technical difficulties. Please try again later.";
const MAX_LENGTH = contactRules.maxLength;

/**
 * The Yup schema (and Yup with it) loads on the first interaction with the form, not with
 * the page: it keeps the landing page's first download small.
 */
const loadValidation = () => import('../api/contact-schema');

const FIELD_ORDER: (keyof ContactFormValues)[] = ['name', 'email', 'linkedin', 'company', 'interest', 'comments'];

function focusFirstError(form: HTMLFormElement, errors: FormikErrors<ContactFormValues>) {
  const first = FIELD_ORDER.find((name) => errors[name]);
  if (!first) return;
  form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}

export type ContactFormProps = {
  /** How long the thank-you panel stays; THANK_YOU_DURATION_MS unless a test says otherwise. */
  thankYouDurationMs?: number;
};

export function ContactForm({ thankYouDurationMs = THANK_YOU_DURATION_MS }: ContactFormProps) {
  const createContact = useCreateContact();
  const [showThankYou, setShowThankYou] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // When the thank-you panel's time is up, the (already reset) form comes back with
  // keyboard focus on its heading rather than lost to <body>.
  const hideThankYou = useCallback(() => {
    flushSync(() => setShowThankYou(false));
    headingRef.current?.focus();
  }, []);

  const formik = useFormik<ContactFormValues>({
    initialValues: emptyContactForm,
    validate: async (values) => (await loadValidation()).validateContact(values),
    onSubmit: async (values, helpers) => {
      preloadToaster();
      try {
        const answer = await createContact.mutateAsync(values);
        void toast({ title: SUCCESS_TITLE, description: answer.message || contactRules.thankYouMessage });
        helpers.resetForm();
        setShowThankYou(true);
      } catch (error) {
        const message = error instanceof Error ? error.message : '';
        void toast({ title: FAILURE_TITLE, description: message || FAILURE_FALLBACK, destructive: true });
      }
    },
  });

  // A valid form is submitted; an invalid one shows every error and focuses the first.
  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const errors = await formik.validateForm();
    if (Object.keys(errors).length === 0) {
      await formik.submitForm();
      return;
    }
    await formik.setTouched(Object.fromEntries(FIELD_ORDER.map((name) => [name, true])), false);
    focusFirstError(form, errors);
  };

  if (showThankYou) return <ThankYouPanel durationMs={thankYouDurationMs} onDone={hideThankYou} />;

  const submitting = formik.isSubmitting;

  return (
    <FormikProvider value={formik}>
      <Typography
        ref={headingRef}
        tabIndex={-1}
        variant="h5"
        component="h2"
        id="contact-form-title"
        sx={{ fontWeight: 700, mb: 0.5, outline: 'none' }}
      >
        Get in touch
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Tell us about your team and we&apos;ll show you what {PRODUCT_NAME} can do.
      </Typography>
      <Box
        component="form"
        noValidate
        aria-labelledby="contact-form-title"
        onSubmit={handleSubmit}
        onFocus={() => void loadValidation()}
        onReset={formik.handleReset}
        sx={{ position: 'relative', display: 'grid', gap: 2.5 }}
      >
        <FormTextField name="name" label="Full Name" required autoComplete="name" maxLength={MAX_LENGTH.name} />
        <FormTextField
          name="email"
          label="Email Address"
          type="email"
          required
          autoComplete="email"
          maxLength={MAX_LENGTH.email}
        />
        <FormTextField
          name="linkedin"
          label="LinkedIn Profile"
          type="url"
          autoComplete="url"
          placeholder="https://www.linkedin.com/in/your-name"
          maxLength={MAX_LENGTH.linkedin}
        />
        <FormTextField name="company" label="Company" autoComplete="organization" maxLength={MAX_LENGTH.company} />
        <FormTextField name="interest" label="I'm interested in..." select required>
          <option value="" disabled>
            Choose your primary interest
          </option>
          {FORM_INTEREST_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </FormTextField>
        <FormTextField
          name="comments"
          label="Tell us more about your goals"
          multiline
          rows={COMMENTS_ROWS}
          maxLength={MAX_LENGTH.comments}
        />
        <HoneypotField />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={submitting}
          startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
          sx={{ py: 1.5 }}
        >
          {submitting ? 'Submitting...' : `Connect with ${PRODUCT_NAME}`}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {CONSENT_NOTICE}
        </Typography>
      </Box>
    </FormikProvider>
  );
}
