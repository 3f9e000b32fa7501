import { useCallback, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { FormikProvider, useFormik } from 'formik';
import type { FormikErrors } from 'formik';
import { Link } from 'wouter';
import { Spinner } from '@/components/spinner';
import { preloadToaster, toast } from '@/components/toast/toast';
import { PRODUCT_NAME } from '@/config/brand';
import { COMMENTS_ROWS, THANK_YOU_DURATION_MS } from '@/config/constants';
import { FORM_INTEREST_OPTIONS } from '@/config/interests';
import { paths } from '@/config/paths';
import { useHydrated, valuesTypedBeforeHydration } from '@/lib/hydration';
import contactRules from '@/generated/contact-rules.json';
import { emptyContactForm } from '../api/contact-form-values';
import type { ContactFormValues } from '../api/contact-form-values';
import { submitContact } from '../api/create-contact';
import { refusedFields } from '../api/refused-fields';
import { CONSENT_NOTICE } from '../consent-notice';
import { CaptchaWidget } from './captcha-widget';
import { ContactField } from './contact-field';
import { HoneypotField } from './honeypot-field';
import { ThankYouPanel } from './thank-you-panel';
import { useFormToken } from './use-form-token';
import './contact-form.css';

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
  const [showThankYou, setShowThankYou] = useState(false);
  const hydrated = useHydrated();
  const [initialValues] = useState(() => valuesTypedBeforeHydration(emptyContactForm));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { captcha, currentToken } = useFormToken();
  const captchaAnswer = useRef<string | undefined>(undefined);
  const [captchaResets, setCaptchaResets] = useState(0);
  const setCaptchaAnswer = useCallback((answer: string | undefined) => {
    captchaAnswer.current = answer;
  }, []);

  // When the thank-you panel's time is up, the (already reset) form comes back with
  // keyboard focus on its heading rather than lost to <body>.
  const hideThankYou = useCallback(() => {
    flushSync(() => setShowThankYou(false));
    headingRef.current?.focus();
  }, []);

  const formik = useFormik<ContactFormValues>({
    initialValues,
    validate: async (values) => (await loadValidation()).validateContact(values),
    onSubmit: async (values, helpers) => {
      preloadToaster();
      try {
        const answer = await submitContact(values, { formToken: currentToken(), captchaToken: captchaAnswer.current });
        void toast({ title: SUCCESS_TITLE, description: answer.message || contactRules.thankYouMessage });
        helpers.resetForm({ values: emptyContactForm });
        setShowThankYou(true);
      } catch (error) {
        const message = error instanceof Error ? error.message : '';
        // Spec §4 and §8: a failure shows its toast. A field the API refused is also marked
        // under the field, as the form's own checks are (spec §5), so the visitor sees where.
        void toast({ title: FAILURE_TITLE, description: message || FAILURE_FALLBACK, destructive: true });
        const refused = refusedFields(error);
        if (Object.keys(refused).length > 0) {
          await helpers.setTouched(Object.fromEntries(FIELD_ORDER.map((name) => [name, true])), false);
          helpers.setErrors(refused);
        }
        // The provider's answer was used up by that attempt: the next one needs a new one.
        setCaptchaResets((count) => count + 1);
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
      <h2 ref={headingRef} tabIndex={-1} id="contact-form-title" className="contact-form__title">
        Get in touch
      </h2>
      <p className="contact-form__intro">Tell us about your team and we&apos;ll show you what {PRODUCT_NAME} can do.</p>
      <form
        className="contact-form"
        noValidate
        aria-labelledby="contact-form-title"
        onSubmit={handleSubmit}
        onFocus={() => void loadValidation()}
        onReset={() => formik.resetForm({ values: emptyContactForm })}
      >
        <ContactField name="name" label="Full Name" required autoComplete="name" maxLength={MAX_LENGTH.name} />
        <ContactField
          name="email"
          label="Email Address"
          type="email"
          required
          autoComplete="email"
          maxLength={MAX_LENGTH.email}
        />
        <ContactField
          name="linkedin"
          label="LinkedIn Profile"
          type="url"
          autoComplete="url"
          placeholder="https://www.linkedin.com/in/your-name"
          maxLength={MAX_LENGTH.linkedin}
        />
        <ContactField name="company" label="Company" autoComplete="organization" maxLength={MAX_LENGTH.company} />
        <ContactField name="interest" label="I'm interested in..." select required>
          <option value="" disabled>
            Choose your primary interest
          </option>
          {FORM_INTEREST_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </ContactField>
        <ContactField
          name="comments"
          label="Tell us more about your goals"
          rows={COMMENTS_ROWS}
          maxLength={MAX_LENGTH.comments}
        />
        <HoneypotField />
        {captcha ? <CaptchaWidget config={captcha} onAnswer={setCaptchaAnswer} resetSignal={captchaResets} /> : null}
        {/* Before the page's code runs, the button is dimmed but stays in the tab order, where a
            disabled one is skipped (a quick keyboard user lost it). As a plain button it sends
            nothing, and a form of several text fields without a submit button does not send
            itself on Enter either: the browser would put every field in the URL. */}
        <button
          type={hydrated ? 'submit' : 'button'}
          className="button"
          disabled={submitting}
          aria-disabled={hydrated ? undefined : true}
        >
          {submitting ? <Spinner /> : null}
          {submitting ? 'Submitting...' : `Connect with ${PRODUCT_NAME}`}
        </button>
        <p className="contact-form__consent">
          {CONSENT_NOTICE} <Link href={paths.privacy}>How we handle your data</Link>
        </p>
      </form>
    </FormikProvider>
  );
}
