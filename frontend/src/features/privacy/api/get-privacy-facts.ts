import { useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api-client';
import type { components } from '@/generated/api-types';

export type PrivacyFacts = components['schemas']['PrivacyFactsDto'];

export const PRIVACY_API = '/api/privacy';

export async function getPrivacyFacts(signal?: AbortSignal): Promise<PrivacyFacts> {
  return (await (await apiRequest(PRIVACY_API, { signal })).json()) as PrivacyFacts;
}

/**
 * The operator's settings the privacy page states, read once it is shown: the page is
 * prerendered without them, and the public pages carry no query cache. Undefined until the
 * answer comes (or when it fails).
 */
export function usePrivacyFacts(): PrivacyFacts | undefined {
  const [facts, setFacts] = useState<PrivacyFacts>();
  useEffect(() => {
    const controller = new AbortController();
    getPrivacyFacts(controller.signal).then(setFacts, () => undefined);
    return () => controller.abort();
  }, []);
  return facts;
}
