import type { TeamMember } from '../api/team-types';

export const LAST_ADMIN_REASON = 'The last active admin cannot be demoted or disabled.';

/** Whether `member` is the team's one active admin, whom the API refuses to demote or disable (409). */
export function isLastActiveAdmin(members: TeamMember[], member: TeamMember): boolean {
  const activeAdmins = members.filter((other) => other.state === 'active' && other.role === 'admin');
  return activeAdmins.length === 1 && activeAdmins[0]?.id === member.id;
}
