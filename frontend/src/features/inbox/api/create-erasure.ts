import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import type { components } from '@/generated/api-types';
import { apiRequest } from '@/lib/api-client';
import { INBOX_API } from './inbox-keys';

type ErasureRequest = components['schemas']['ErasureRequestDto'];
export type Erasure = components['schemas']['ErasureResultDto'];

/** Erases every submission of a person (by normalised e-mail). */
export async function createErasure(email: string): Promise<Erasure> {
  const body: ErasureRequest = { email };
  const res = await apiRequest(INBOX_API.erasures, { method: 'POST', body });
  return (await res.json()) as Erasure;
}

export function useCreateErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createErasure,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
  });
}
