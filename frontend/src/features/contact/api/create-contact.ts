import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, queryKeys } from '@/config/api';
import { apiRequest, isApiError } from '@/lib/api-client';
import type { ContactFormValues } from './contact-form-values';

export type CreateContactInput = ContactFormValues;

export type CreateContactResponse = {
  message?: string;
  id?: string;
};

/** The body of spec §7; the honeypot goes along only when something filled it. */
export function toContactPayload({ website, ...fields }: CreateContactInput) {
  const payload = {
    name: fields.name,
    email: fields.email,
    linkedin: fields.linkedin,
    company: fields.company,
    interest: fields.interest,
    comments: fields.comments,
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

/** Worth one more try with the same key: no answer reached us, or the API said 503. */
function isTransient(error: unknown): boolean {
  return error instanceof TypeError || isApiError(error, 503);
}

export const RETRY_DELAY_MS = 1000;

export async function createContact(input: CreateContactInput): Promise<CreateContactResponse> {
  const payload = toContactPayload(input);
  const headers = { 'Idempotency-Key': idempotencyKeyFor(payload) };
  const send = () => apiRequest('POST', API.contact, payload, headers);
  const res = await send().catch(async (error: unknown) => {
    if (!isTransient(error)) throw error;
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    return send();
  });
  return (await res.json()) as CreateContactResponse;
}

/** Submits the form; on success both admin queries are invalidated (spec §7). */
export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminContacts });
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminAnalytics });
    },
  });
}
