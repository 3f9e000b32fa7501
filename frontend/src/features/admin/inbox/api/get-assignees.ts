import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import type { Assignee } from './contact-types';

/** Whom a lead can be assigned to (`GET /api/admin/assignees`: the active accounts; every role may read it). */
export function useAssignees(): Assignee[] {
  const people = useQuery<Assignee[]>({ queryKey: [...queryKeys.admin, 'assignees'] });
  return people.data ?? [];
}
