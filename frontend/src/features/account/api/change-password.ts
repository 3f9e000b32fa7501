import { useMutation } from '@tanstack/react-query';
import { API } from '@/config/api';
import { apiRequest } from '@/lib/api-client';
import type { components } from '@/generated/api-types';

export type PasswordChange = components['schemas']['ChangePasswordDto'];

/** 204; the account's other sessions end, this one stays. */
export async function changePassword(input: PasswordChange): Promise<void> {
  await apiRequest(API.password, { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
