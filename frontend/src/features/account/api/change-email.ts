import { useMutation } from '@tanstack/react-query';
import { object, string } from 'yup';
import { API } from '@/config/api';
import { apiRequest } from '@/lib/api-client';
import type { components } from '@/generated/api-types';

export type EmailChange = components['schemas']['ChangeEmailDto'];

/** The form's rules for an e-mail change (the address is trimmed before it is sent). */
export const changeEmailSchema = object({
  email: string().trim().required('Please enter the new e-mail address').email('Please enter a valid e-mail address'),
  currentPassword: string().required('Please enter your current password'),
});

/**
 * 202: a link to confirm goes to the new address (the account moves once it is opened).
 * The answer is the same for an address another account holds: its owner is told instead.
 */
export async function changeEmail(input: EmailChange): Promise<void> {
  await apiRequest(API.changeEmail, { method: 'POST', body: input });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
