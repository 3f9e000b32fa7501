import { PRODUCT_NAME } from '@/config/brand';

/** The consent note shown under the submit button, word for word: what a visitor agrees to by sending the form. */
export const CONSENT_NOTICE = `By submitting this form, you agree to receive communications from ${PRODUCT_NAME}. We respect your privacy and will never share your information with third parties.`;
