import { ApiProperty } from '@nestjs/swagger';
import { ROLES, type Role } from '../../identity/roles.js';
import {
  NEW_LEAD_NOTIFICATIONS,
  type NewLeadNotification,
  REPLY_NOTIFICATIONS,
  type ReplyNotification,
  type User,
} from '../../identity/user.entity.js';

/** Which e-mails the user wants (sent by the e-mail feature). */
export class NotificationsDto {
  @ApiProperty({
    enum: NEW_LEAD_NOTIFICATIONS,
    description:
      'A mail per new lead (`all`), per lead routed or assigned to them and per unassigned one (`mine`), a daily digest, or none.',
  })
  newLead!: NewLeadNotification;

  @ApiProperty({ description: 'A mail when a lead is assigned to them.' })
  assigned!: boolean;

  @ApiProperty({ enum: REPLY_NOTIFICATIONS, description: 'A mail when a lead of theirs (or an unassigned one) replies.' })
  replies!: ReplyNotification;

  @ApiProperty({ description: 'A mail when a lead of theirs (or an unassigned one) waits past the response target.' })
  escalations!: boolean;

  @ApiProperty({ description: 'A mail when a follow-up of theirs (or of an unassigned lead) is due.' })
  followUps!: boolean;
}

/** The signed-in account (`GET /api/auth/me`). */
export class AccountDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'admin' })
  username!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Null only for an env admin made without ADMIN_EMAIL.' })
  email!: string | null;

  @ApiProperty()
  displayName!: string;

  @ApiProperty({ enum: ROLES })
  role!: Role;

  @ApiProperty({ description: 'IANA time zone.', example: 'Europe/Paris' })
  timeZone!: string;

  @ApiProperty({ description: 'Marked away: routing gives them no new leads.' })
  away!: boolean;

  @ApiProperty({ type: NotificationsDto })
  notifications!: NotificationsDto;

  @ApiProperty({ type: String, nullable: true, description: 'Added below each message the user sends a lead.' })
  signature!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The user's booking link, which the leads assigned to them get (null: the team's).",
  })
  bookingUrl!: string | null;

  @ApiProperty({ description: 'Two-factor sign-in is on.' })
  twoFactor!: boolean;

  @ApiProperty({ description: 'Recovery codes not used yet (0 while two-factor sign-in is off).', example: 10 })
  recoveryCodesLeft!: number;

  static from(user: User, recoveryCodesLeft: number): AccountDto {
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      displayName: user.displayName,
      role: user.role,
      timeZone: user.timeZone,
      away: user.away,
      notifications: {
        newLead: user.notifyNewLead,
        assigned: user.notifyAssigned,
        replies: user.notifyReplies,
        escalations: user.notifyEscalations,
        followUps: user.notifyFollowUps,
      },
      signature: user.signature,
      bookingUrl: user.bookingUrl,
      twoFactor: user.twoFactorEnabledAt !== null,
      recoveryCodesLeft,
    };
  }
}
