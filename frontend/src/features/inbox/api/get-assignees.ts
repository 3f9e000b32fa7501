import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import type { Assignee } from './contact-types';

/** Whom a lead can be assigned to (`GET /api/admin/assignees`: the active accounts; every role may read it). */
export function useAssignees(): Assignee[] {
  // Fetched again on `team.updated` (lib/live-events): a teammate who just joined is a choice at once.
  const people = useQuery<Assignee[]>({ queryKey: queryKeys.adminAssignees });
  return people.data ?? [];
}
