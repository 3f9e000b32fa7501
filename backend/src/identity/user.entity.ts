import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { Role } from './roles.js';

/**
 * Which new-lead e-mails come (used by the e-mail feature): each new lead (`all`), the leads
 * routed or assigned to the person and the unassigned ones (`mine`), a daily digest, or none.
 */
export const NEW_LEAD_NOTIFICATIONS = ['all', 'mine', 'daily', 'off'] as const;
export type NewLeadNotification = (typeof NEW_LEAD_NOTIFICATIONS)[number];

/** Whether a lead's reply is e-mailed (the conversation feature). */
export const REPLY_NOTIFICATIONS = ['instant', 'off'] as const;
export type ReplyNotification = (typeof REPLY_NOTIFICATIONS)[number];

/** The longest signature, added below each message the user sends a lead. */
export const SIGNATURE_MAX_LENGTH = 1000;

/** An account of the team. Never deleted (history keeps its names): disabled instead. */
@Entity('users')
// Unique whatever the letter case: (lower(username)), an expression index that TypeORM cannot
// describe, so it lives in migration 1796578357697 alone.
@Index('uq_users_username', { synchronize: false })
export class User {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_users' })
  id!: string;

  @Column({ type: 'text' })
  username!: string;

  /** An argon2id hash, never the password itself. */
  @Column({ type: 'text' })
  password!: string;

  /** Trimmed and lower-cased; null for an env admin made without ADMIN_EMAIL. */
  @Index('uq_users_email', { unique: true })
  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ name: 'display_name', type: 'text' })
  displayName!: string;

  @Column({ type: 'varchar', length: 16 })
  role!: Role;

  /** IANA time zone. */
  @Column({ name: 'time_zone', type: 'text', default: 'UTC' })
  timeZone!: string;

  /** When the user chose `timeZone`; until then a sign-in saves the browser's zone over the default. */
  @Column({ name: 'time_zone_chosen_at', type: 'timestamptz', precision: 3, nullable: true })
  timeZoneChosenAt!: Date | null;

  @Column({ name: 'disabled_at', type: 'timestamptz', precision: 3, nullable: true })
  disabledAt!: Date | null;

  /** Marked away (by themselves or an admin): routing skips them (leads/lead-routing.sql.ts). */
  @Column({ type: 'boolean', default: false })
  away!: boolean;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_sign_in_at', type: 'timestamptz', precision: 3, nullable: true })
  lastSignInAt!: Date | null;

  @Column({ name: 'notify_new_lead', type: 'varchar', length: 8, default: 'mine' })
  notifyNewLead!: NewLeadNotification;

  @Column({ name: 'notify_assigned', type: 'boolean', default: true })
  notifyAssigned!: boolean;

  /** "Waiting for an answer" e-mails (response-time escalations). */
  @Column({ name: 'notify_escalations', type: 'boolean', default: true })
  notifyEscalations!: boolean;

  /** "Follow up" reminder e-mails. */
  @Column({ name: 'notify_follow_ups', type: 'boolean', default: true })
  notifyFollowUps!: boolean;

  /** A lead's reply by e-mail (`instant`) or not; viewers start `off` (replyDefault). */
  @Column({ name: 'notify_replies', type: 'varchar', length: 8, default: 'instant' })
  notifyReplies!: ReplyNotification;

  /** Added below each message the user sends a lead (plain text); null: none. */
  @Column({ type: 'text', nullable: true })
  signature!: string | null;

  /** The user's own booking link (an https: URL) that leads assigned to them get; null: the team's. */
  @Column({ name: 'booking_url', type: 'text', nullable: true })
  bookingUrl!: string | null;

  /** The TOTP secret, encrypted (auth/secret-box.ts); set at setup, in use once enabled. */
  @Column({ name: 'two_factor_secret', type: 'text', nullable: true, select: false })
  twoFactorSecret!: string | null;

  /** When two-factor sign-in was turned on; null: off. */
  @Column({ name: 'two_factor_enabled_at', type: 'timestamptz', precision: 3, nullable: true })
  twoFactorEnabledAt!: Date | null;

  /** The 30-second step of the last code accepted: that code and older ones are refused. */
  @Column({ name: 'two_factor_last_step', type: 'bigint', nullable: true, select: false })
  twoFactorLastStep!: string | null;

  /** SHA-256 hashes of the unused recovery codes. */
  @Column({ name: 'two_factor_recovery_codes', type: 'text', array: true, default: () => "'{}'", select: false })
  twoFactorRecoveryCodes!: string[];
}

/**
 * The new-lead e-mail an account starts with: their own and the unassigned leads for admins
 * and members; none for viewers, who read the inbox but do not work it (they can turn it on
 * themselves).
 */
export function newLeadDefault(role: Role): NewLeadNotification {
  return role === 'viewer' ? 'off' : 'mine';
}

/** The reply e-mail an account starts with: on for admins and members, off for viewers (as newLeadDefault). */
export function replyDefault(role: Role): ReplyNotification {
  return role === 'viewer' ? 'off' : 'instant';
}

/** An e-mail address as accounts store it: trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
