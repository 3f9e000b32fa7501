import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { EMAIL_SETTINGS_API, type TestEmailResult } from './email-settings-keys';

/** Sends a test e-mail to the signed-in admin now; resolves with the SMTP server's reply. */
export async function sendTestEmail(): Promise<TestEmailResult> {
  return (await apiRequest(EMAIL_SETTINGS_API.testEmail, { method: 'POST', body: {} })).json() as Promise<TestEmailResult>;
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}
