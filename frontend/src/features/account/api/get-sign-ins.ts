import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { components } from '@/generated/api-types';
import { ACCOUNT_API, accountKeys } from './account-keys';

export type SignInRecord = components['schemas']['SignInRecordDto'];

/** The last 50 sign-ins at the account, successful or not, newest first. */
export const getSignInsQueryOptions = () =>
  queryOptions<SignInRecord[]>({
    queryKey: accountKeys.signIns,
    queryFn: async ({ signal }) => (await apiRequest(ACCOUNT_API.signIns, { signal })).json() as Promise<SignInRecord[]>,
  });

export function useSignIns() {
  return useQuery(getSignInsQueryOptions());
}
