import { ApiProperty } from '@nestjs/swagger';
import { ROLES, type Role } from '../../identity/roles.js';
import type { Invitation } from '../invitation.entity.js';
import type { User } from '../../identity/user.entity.js';

export const MEMBER_STATES = ['active', 'invited', 'disabled'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];

/** A row of the team page: an account, or an open invitation (`invited`, its id the invitation's). */
export class TeamMemberDto {
  @ApiProperty({ format: 'uuid', description: "The account's id, or the invitation's for `invited`." })
  id!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Null for an invitation.' })
  username!: string | null;

  @ApiProperty({ type: String, nullable: true })
  email!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Null for an invitation.' })
  displayName!: string | null;

  @ApiProperty({ enum: ROLES })
  role!: Role;

  @ApiProperty({ enum: MEMBER_STATES })
  state!: MemberState;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastSignInAt!: string | null;

  @ApiProperty({ description: 'Two-factor sign-in is on (always false for an invitation).' })
  twoFactor!: boolean;

  @ApiProperty({ description: 'Marked away: routing gives them no new leads (always false for an invitation).' })
  away!: boolean;

  @ApiProperty({ description: 'Leads of theirs still to work: new or contacted, not held as spam (0 for an invitation).' })
  openLeads!: number;

  static fromUser(user: User, openLeads = 0): TeamMemberDto {
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      displayName: user.displayName,
      role: user.role,
      state: user.disabledAt ? 'disabled' : 'active',
      lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
      twoFactor: user.twoFactorEnabledAt !== null,
      away: user.away,
      openLeads,
    };
  }

  static fromInvitation(invitation: Invitation): TeamMemberDto {
    const { id, email, role } = invitation;
    return {
      id,
      username: null,
      email,
      displayName: null,
      role,
      state: 'invited',
      lastSignInAt: null,
      twoFactor: false,
      away: false,
      openLeads: 0,
    };
  }
}
