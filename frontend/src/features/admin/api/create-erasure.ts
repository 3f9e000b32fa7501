import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_API } from './admin-keys';

export type Erasure = { erased: number };

/** Erases every submission of a person (by normalised e-mail). */
export async function createErasure(email: string): Promise<Erasure> {
  const res = await apiRequest(ADMIN_API.erasures, { method: 'POST', body: { email } });
  return (await res.json()) as Erasure;
}

export function useCreateErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createErasure,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
  });
}
