import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, queryKeys } from '@/config/api';
import type { Interest } from '@/config/interests';
import { apiRequest } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import type { ContactFormValues } from './contact-form-values';

// The honeypot is named here as well: the API document need not describe it.
type ContactBody = components['schemas']['CreateContactDto'] & { website?: string };
export type ContactReceipt = components['schemas']['ContactReceiptDto'];

/** The form's fields as the API takes them; the honeypot goes along only when something filled it. */
export function toContactPayload({ website, ...fields }: ContactFormValues): ContactBody {
  const payload: ContactBody = {
    name: fields.name,
    email: fields.email,
    linkedin: fields.linkedin,
    company: fields.company,
    // The schema accepted it before the form submits.
    interest: fields.interest as Interest,
    comments: fields.comments,
  };
  return website ? { ...payload, website } : payload;
}

export async function createContact(values: ContactFormValues): Promise<ContactReceipt> {
  const res = await apiRequest(API.contact, { method: 'POST', body: toContactPayload(values) });
  return (await res.json()) as ContactReceipt;
}

/** Submits the form; on success every admin query is invalidated. */
export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin });
    },
  });
}
