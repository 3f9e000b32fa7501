import { describe, expect, it } from 'vitest';
import { can, ROLES } from '../roles';

describe('can', () => {
  it('follows the roles of docs/api.md: a viewer reads, a member triages, an admin also deletes and runs the team', () => {
    const table = Object.fromEntries(
      ROLES.map((role) => [role, { triage: can(role, 'triage'), delete: can(role, 'delete'), team: can(role, 'team') }]),
    );
    expect(table).toEqual({
      viewer: { triage: false, delete: false, team: false },
      member: { triage: true, delete: false, team: false },
      admin: { triage: true, delete: true, team: true },
    });
  });
});
