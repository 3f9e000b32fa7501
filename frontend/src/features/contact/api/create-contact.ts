import { API, queryKeys } from '@/config/api';
import type { Interest } from '@/config/interests';
import { apiRequest, isApiError } from '@/lib/api-client';
import type { components } from '@/generated/api-types';
import { CONSENT_VERSION } from '../consent-version';
import { storedVisitSource } from '../visit-source';
import type { ContactFormValues } from './contact-form-values';

// The honeypot is named here as well: the API document need not describe it.
type ContactBody = components['schemas']['CreateContactDto'] & { website?: string };
export type ContactReceipt = components['schemas']['ContactReceiptDto'];

/** What the page adds to the visitor's fields: its timing token and the captcha's answer, when it has them. */
export type SpamChecks = { formToken?: string; captchaToken?: string };

/**
 * The form's fields as the API takes them, with where the visit came from and the version
 * of the consent notice shown; the honeypot goes along only when something filled it.
 */
export function toContactPayload({ website, ...fields }: ContactFormValues): ContactBody {
  const payload: ContactBody = {
    name: fields.name,
    email: fields.email,
    linkedin: fields.linkedin,
    company: fields.company,
    // The schema accepted it before the form submits.
    interest: fields.interest as Interest,
    comments: fields.comments,
    ...storedVisitSource(),
    consentVersion: CONSENT_VERSION,
  };
  return website ? { ...payload, website } : payload;
}

/**
 * One Idempotency-Key per filled-in form: sending the same values again (a retry, a second
 * click after an error) reuses it, so the API stores the lead once; other values get a new one.
 */
let lastKey: { payload: string; key: string } | undefined;

export function idempotencyKeyFor(payload: object): string {
  const text = JSON.stringify(payload);
  if (lastKey?.payload !== text) lastKey = { payload: text, key: crypto.randomUUID() };
  return lastKey.key;
}

function definedChecks({ formToken, captchaToken }: SpamChecks): SpamChecks {
  return { ...(formToken ? { formToken } : {}), ...(captchaToken ? { captchaToken } : {}) };
}

/** Worth one more try with the same key: no answer reached us, or the API said 503. */
function isTransient(error: unknown): boolean {
  return error instanceof TypeError || isApiError(error, 503);
}

export const RETRY_DELAY_MS = 1000;

export async function createContact(values: ContactFormValues, checks: SpamChecks = {}): Promise<ContactReceipt> {
  const fields = toContactPayload(values);
  // The key follows what the visitor filled in: a retry with a fresh captcha answer is the same form.
  const headers = { 'Idempotency-Key': idempotencyKeyFor(fields) };
  const body = { ...fields, ...definedChecks(checks) };
  const send = () => apiRequest(API.contact, { method: 'POST', body, headers });
  const res = await send().catch(async (error: unknown) => {
    if (!isTransient(error)) throw error;
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    return send();
  });
  return (await res.json()) as ContactReceipt;
}

/**
 * After a new lead every admin answer is out of date. The query client (React Query) comes
 * with the dashboard's chunk, not with the landing page: importing it here is free once the
 * dashboard has been opened, and otherwise happens only after a submission.
 */
async function invalidateAdminQueries(): Promise<void> {
  const { queryClient } = await import('@/lib/query-client');
  await queryClient.invalidateQueries({ queryKey: queryKeys.admin });
}

/** Submits the form; on success every admin query is invalidated. */
export async function submitContact(values: ContactFormValues, checks: SpamChecks = {}): Promise<ContactReceipt> {
  const receipt = await createContact(values, checks);
  void invalidateAdminQueries();
  return receipt;
}
