import { API } from '@/config/api';
import { apiRequest } from '@/lib/api-client';
import type { components } from '@/generated/api-types';

export type FormTokenAnswer = components['schemas']['FormTokenDto'];
export type CaptchaConfig = components['schemas']['CaptchaConfigDto'];

export const FORM_TOKEN_PATH = `${API.contact}/token`;

// The API counts a token older than a day as missing: a page left open obtains a fresh one
// twice a day, and a token past 23 hours (a sleeping laptop's timer came late) is not sent.
export const TOKEN_REFRESH_MS = 12 * 3_600_000;
export const TOKEN_MAX_AGE_MS = 23 * 3_600_000;

/** The signed time the page obtained, and when, for the submission's `formToken`. */
export type HeldToken = { token: string; obtainedAt: number };

/** A fresh timing token and the captcha to show (null when none is set up). */
export async function fetchFormToken(signal?: AbortSignal): Promise<FormTokenAnswer> {
  const res = await apiRequest(FORM_TOKEN_PATH, { signal });
  return (await res.json()) as FormTokenAnswer;
}

/** The token to send with a submission: none when it never came or is too old to count. */
export function usableToken(held: HeldToken | undefined, now = Date.now()): string | undefined {
  if (!held || now - held.obtainedAt > TOKEN_MAX_AGE_MS) return undefined;
  return held.token;
}
