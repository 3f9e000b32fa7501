import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { Role, SessionUser } from '@/config/roles';
import { can } from '@/config/roles';
import type { Permission } from '@/config/roles';

// The signed-in user, given by the page that asked `GET /api/auth/me` (app/routes), so any
// control of any feature can ask what the user may do without a feature importing another.
const SessionUserContext = createContext<SessionUser | null>(null);

export type SessionUserProviderProps = { user: SessionUser | null; children: ReactNode };

export function SessionUserProvider({ user, children }: SessionUserProviderProps) {
  return <SessionUserContext value={user}>{children}</SessionUserContext>;
}

/** The signed-in user, or null outside a signed-in page. */
export function useSessionUser(): SessionUser | null {
  return useContext(SessionUserContext);
}

/** Whether the signed-in user's role allows `permission` (nobody signed in: nothing). */
export function useCan(permission: Permission): boolean {
  const role: Role | undefined = useSessionUser()?.role;
  return role !== undefined && can(role, permission);
}
