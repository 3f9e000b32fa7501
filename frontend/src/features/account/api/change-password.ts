import { useMutation } from '@tanstack/react-query';
import { object, string } from 'yup';
import { API } from '@/config/api';
import { apiRequest } from '@/lib/api-client';
import { newPasswordSchema } from '@/lib/password-rules';
import type { components } from '@/generated/api-types';

export type PasswordChange = components['schemas']['ChangePasswordDto'];

/** The form's rules for a password change: the new one follows the API's password rules. */
export const changePasswordSchema = object({
  currentPassword: string().required('Please enter your current password'),
  newPassword: newPasswordSchema,
});

/** 204; the account's other sessions end, this one stays. */
export async function changePassword(input: PasswordChange): Promise<void> {
  await apiRequest(API.password, { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
