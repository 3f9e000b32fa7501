import { useMutation } from '@tanstack/react-query';
import { API } from '@/config/api';
import { apiRequest } from '@/lib/api-client';

export type PasswordChange = { currentPassword: string; newPassword: string };

/** 204; the account's other sessions end, this one stays. */
export async function changePassword(input: PasswordChange): Promise<void> {
  await apiRequest(API.password, { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
