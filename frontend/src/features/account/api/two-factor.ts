import { useMutation, useQueryClient } from '@tanstack/react-query';
import { object, string } from 'yup';
import { queryKeys } from '@/config/api';
import { apiRequest } from '@/lib/api-client';
import type { components } from '@/generated/api-types';
import { ACCOUNT_API } from './account-keys';

export type TwoFactorSetup = components['schemas']['TwoFactorSetupDto'];

/** The rules of the form that enables it: the first code the app shows. */
export const enableTwoFactorSchema = object({ code: string().trim().required('Please enter the code your app shows') });

/** The rules of the forms that set it up, disable it or make new recovery codes: the current password, in `field`. */
export const currentPasswordSchema = (field: string) =>
  object({ [field]: string().required('Please enter your current password') });

/** A new secret for the authenticator app, not in use until enabled; after the password (403 when wrong). */
export async function setUpTwoFactor(currentPassword: string): Promise<TwoFactorSetup> {
  const res = await apiRequest(ACCOUNT_API.twoFactorSetup, { method: 'POST', body: { currentPassword } });
  return res.json() as Promise<TwoFactorSetup>;
}

/** Ten new recovery codes in place of the old ones, after the password; shown once. */
export async function newRecoveryCodes(currentPassword: string): Promise<string[]> {
  const res = await apiRequest(ACCOUNT_API.recoveryCodes, { method: 'POST', body: { currentPassword } });
  return ((await res.json()) as components['schemas']['RecoveryCodesDto']).recoveryCodes;
}

/** Turns it on with a first code; the recovery codes, shown once. */
export async function enableTwoFactor(code: string): Promise<string[]> {
  const res = await apiRequest(ACCOUNT_API.twoFactorEnable, { method: 'POST', body: { code } });
  return ((await res.json()) as components['schemas']['RecoveryCodesDto']).recoveryCodes;
}

export async function disableTwoFactor(currentPassword: string): Promise<void> {
  await apiRequest(ACCOUNT_API.twoFactorDisable, { method: 'POST', body: { currentPassword } });
}

export function useSetUpTwoFactor() {
  return useMutation({ mutationFn: setUpTwoFactor });
}

/** Changes `recoveryCodesLeft` of `GET /api/auth/me`. */
export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: newRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}

/** Both change `twoFactor` of `GET /api/auth/me`. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: enableTwoFactor, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }) });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}
