import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import { useCan } from '@/lib/session-user';
import type { Assignee } from './contact-types';

/**
 * The disabled accounts that still own a lead (`GET /api/admin/assignees/disabled`, admins
 * only): their real names for the assignee pickers, and the inbox filter by them. Under the
 * assignees' key, so `team.updated` refetches it with them. Empty for other roles.
 */
export function useDisabledOwners(): Assignee[] {
  const isAdmin = useCan('team');
  const owners = useQuery<Assignee[]>({ queryKey: [...queryKeys.adminAssignees, 'disabled'], enabled: isAdmin });
  return isAdmin ? (owners.data ?? []) : [];
}
