import { useMutation } from '@tanstack/react-query';
import { object, string } from 'yup';
import { API } from '@/config/api';
import { apiRequest } from '@/lib/api-client';
import { newPasswordSchema } from '@/lib/password-rules';
import type { components } from '@/generated/api-types';

export type PasswordResetRequestInput = components['schemas']['PasswordResetRequestDto'];
export type PasswordResetConfirmInput = components['schemas']['PasswordResetConfirmDto'];

/** The "Forgot password?" form's rules: an e-mail address. */
export const requestPasswordResetSchema = object({
  email: string().trim().required('Please enter your e-mail address').email('Please enter a valid e-mail address'),
});

/** The reset link's form's rules: a new password by the API's rules (the token comes from the link). */
export const confirmPasswordResetSchema = object({ password: newPasswordSchema });

/** Asks for a reset link: always 202, whether or not the address has an account. */
export async function requestPasswordReset(input: PasswordResetRequestInput): Promise<void> {
  await apiRequest(API.passwordReset, { method: 'POST', body: input });
}

/** Sets a new password with the link's token (204); every session of the account ends. */
export async function confirmPasswordReset(input: PasswordResetConfirmInput): Promise<void> {
  await apiRequest(API.passwordResetConfirm, { method: 'POST', body: input });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
