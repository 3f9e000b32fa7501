import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, queryKeys } from '@/config/api';
import { apiRequest } from '@/lib/api-client';
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

export async function createContact(input: CreateContactInput): Promise<CreateContactResponse> {
  const res = await apiRequest('POST', API.contact, toContactPayload(input));
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
