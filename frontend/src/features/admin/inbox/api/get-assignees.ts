import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/config/api';
import { useCan, useSessionUser } from '@/lib/session-user';
import type { Assignee } from './contact-types';

type TeamAccount = Assignee & { state: 'active' | 'invited' | 'disabled' };

/**
 * Whom a lead can be assigned to. An admin reads the team (`GET /api/admin/users`, the team
 * page's key); the API lets no one else read it, so a member chooses between themself and
 * nobody (a lead assigned to someone else still shows that person).
 */
export function useAssignees(): Assignee[] {
  const me = useSessionUser();
  const isAdmin = useCan('team');
  const team = useQuery<TeamAccount[]>({ queryKey: [...queryKeys.admin, 'users'], enabled: isAdmin });
  if (isAdmin && team.data) return team.data.filter((account) => account.state === 'active');
  return me ? [{ id: me.id, username: me.username, displayName: me.displayName }] : [];
}
