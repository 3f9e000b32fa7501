import { describe, expect, it } from 'vitest';
import type { TeamMember } from '../../api/team-types';
import { isLastActiveAdmin } from '../last-admin';

const member = (id: string, role: TeamMember['role'], state: TeamMember['state'] = 'active'): TeamMember => ({
  id,
  username: id,
  email: `${id}@example.com`,
  displayName: id,
  role,
  state,
  lastSignInAt: null,
  twoFactor: false,
  away: false,
  openLeads: 0,
});

describe('isLastActiveAdmin', () => {
  it('is the one active admin, whatever disabled or invited admins there are', () => {
    const ada = member('ada', 'admin');
    const team = [ada, member('bob', 'admin', 'disabled'), member('cy', 'admin', 'invited'), member('di', 'member')];
    expect(isLastActiveAdmin(team, ada)).toBe(true);
    expect(team.slice(1).some((other) => isLastActiveAdmin(team, other))).toBe(false);
  });

  it('is nobody while two admins are active', () => {
    const team = [member('ada', 'admin'), member('bob', 'admin')];
    expect(team.some((other) => isLastActiveAdmin(team, other))).toBe(false);
  });
});
