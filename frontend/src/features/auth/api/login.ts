import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { object, string } from 'yup';
import { API, queryKeys } from '@/config/api';
import { browserTimeZone } from '@/lib/time-zone';
import { apiRequest } from '@/lib/api-client';
import { clearSessionEnded } from '@/lib/session-ended';
import type { components } from '@/generated/api-types';

// The form's fields; the browser's time zone is added on the way (login).
export type LoginInput = Omit<components['schemas']['LoginDto'], 'timeZone'>;

/** The sign-in's second step: the password was right and a code is needed (from the app, or a recovery code). */
export type CodeStep = 'code' | 'recoveryCode' | null;

/** The sign-in form's rules: the username and password, and the code its step asks for. */
export const loginSchema = (step: CodeStep) =>
  object({
    username: string().trim().required('Please enter your username'),
    password: string().required('Please enter your password'),
    code: step === 'code' ? string().trim().required('Please enter the code your authenticator app shows') : string(),
    recoveryCode: step === 'recoveryCode' ? string().trim().required('Please enter one of your recovery codes') : string(),
  });

/**
 * After a sign-in (or an accepted invitation): data cached under another session must never
 * show under this one, and the account (role included) is asked again, since the sign-in's
 * answer holds only the id and username.
 */
export async function startSession(queryClient: QueryClient): Promise<void> {
  clearSessionEnded();
  queryClient.removeQueries({ queryKey: queryKeys.admin });
  await queryClient.invalidateQueries({ queryKey: queryKeys.me });
}

/** Signs in; the browser's time zone goes along (the account takes it while it never chose one). */
export async function login(input: LoginInput): Promise<void> {
  await apiRequest(API.login, { method: 'POST', body: { ...input, timeZone: browserTimeZone() } });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => startSession(queryClient),
  });
}
