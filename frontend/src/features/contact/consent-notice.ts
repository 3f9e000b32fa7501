// vite.config.ts reads this file to hash the notice at build time: a relative import with its
// extension (as Vite's native config loader, planned as its default, resolves it), and
// nothing here that only the build defines (the version is in consent-version.ts).
import { PRODUCT_NAME } from '../../config/brand.ts';

/**
 * The consent notice under the form's button, exactly as shown. Its version, sent with each
 * submission, is a hash of this text: change a word and the version changes with it.
 */
export const CONSENT_NOTICE = `By submitting this form, you agree to receive communications from ${PRODUCT_NAME}. We respect your privacy and will never share your information with third parties.`;
