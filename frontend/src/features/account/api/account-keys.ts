import { queryKeys } from '@/config/api';

export const ACCOUNT_API = {
  sessions: '/api/auth/sessions',
  signIns: '/api/auth/sign-ins',
  twoFactorSetup: '/api/auth/2fa/setup',
  twoFactorEnable: '/api/auth/2fa/enable',
  twoFactorDisable: '/api/auth/2fa/disable',
  recoveryCodes: '/api/auth/2fa/recovery-codes',
} as const;

/** Under the admin prefix, so a sign-out removes them with the rest (their URLs are not the keys). */
export const accountKeys = {
  sessions: [...queryKeys.admin, 'account', 'sessions'] as const,
  signIns: [...queryKeys.admin, 'account', 'sign-ins'] as const,
};
