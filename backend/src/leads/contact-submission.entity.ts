import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../identity/user.entity.js';

/** A lead's place in the team's triage; `new` at creation. */
export const SUBMISSION_STATUSES = ['new', 'contacted', 'qualified', 'archived', 'spam'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

@Entity('contact_submissions')
@Check('ck_contact_submissions_status', `"status" IN ('new', 'contacted', 'qualified', 'archived', 'spam')`)
// Serves the admin list's keyset page (ORDER BY submitted_at DESC, id DESC) and the
// analytics' "this month" range. The all-time totals are in contact_submission_counts.
// It also carries (INCLUDE, which TypeORM cannot describe: migration 1796581933046) the
// columns the response-time report reads, so that report is an index-only scan.
@Index('ix_contact_submissions_submitted_at_id', { synchronize: false })
// A person's submissions (returning leads, repeatOf, erasure by e-mail): (canonical_email(email),
// submitted_at, id), an expression index that TypeORM cannot describe, so it lives in
// migration 1796578357697 alone.
@Index('ix_contact_submissions_canonical_email', { synchronize: false })
// The same for assigned submissions only (the returning lead's owner): migration 1796640000000.
@Index('ix_contact_submissions_canonical_email_assigned', { synchronize: false })
// The inbox's status filter, for the statuses few rows have.
@Index('ix_contact_submissions_status_submitted_at', ['status', 'submittedAt'])
// The inbox's search: a trigram index on an expression, which TypeORM cannot describe; it
// lives in migration 1795600100000 alone.
@Index('ix_contact_submissions_search', { synchronize: false })
// The inbox's assignee filter ("Assigned to me", a teammate's, "Unassigned"), newest first.
@Index('ix_contact_submissions_assignee_id_submitted_at_id', ['assigneeId', 'submittedAt', 'id'])
// Response time: the leads still new by due time (the escalation scan, `response=overdue`)
// and the follow-ups by date: partial indexes, which TypeORM cannot describe; they live in
// migration 1796581933046 alone.
@Index('ix_contact_submissions_response_due_at', { synchronize: false })
@Index('ix_contact_submissions_follow_up_at', { synchronize: false })
// The escalation scan's claim: the new leads not escalated yet, by due time (migration 1796850000000).
@Index('ix_contact_submissions_unescalated_due', { synchronize: false })
// The conversation filter (`conversation=awaiting`): the leads whose newest message is the lead's, newest first.
@Index('ix_contact_submissions_awaiting_reply', ['submittedAt', 'id'], { where: '"awaiting_reply"' })
export class ContactSubmission {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_contact_submissions' })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'text', nullable: true })
  linkedin!: string | null;

  @Column({ type: 'text', nullable: true })
  company!: string | null;

  @Column({ type: 'text' })
  interest!: string;

  @Column({ type: 'text', nullable: true })
  comments!: string | null;

  // Millisecond precision, so that a JavaScript Date carries the exact value into a page cursor.
  @Column({ name: 'submitted_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  submittedAt!: Date;

  // Where the lead came from (the first page view of the visit) and which consent notice it
  // saw: optional, sent by the SPA with the form.
  @Column({ name: 'utm_source', type: 'text', nullable: true })
  utmSource!: string | null;

  @Column({ name: 'utm_medium', type: 'text', nullable: true })
  utmMedium!: string | null;

  @Column({ name: 'utm_campaign', type: 'text', nullable: true })
  utmCampaign!: string | null;

  @Column({ name: 'utm_term', type: 'text', nullable: true })
  utmTerm!: string | null;

  @Column({ name: 'utm_content', type: 'text', nullable: true })
  utmContent!: string | null;

  @Column({ type: 'text', nullable: true })
  referrer!: string | null;

  @Column({ name: 'landing_path', type: 'text', nullable: true })
  landingPath!: string | null;

  @Column({ name: 'consent_version', type: 'text', nullable: true })
  consentVersion!: string | null;
  @Column({ type: 'varchar', length: 16, default: 'new' })
  status!: SubmissionStatus;

  /** Raised by every change of the lead (its ETag): a save made on an older one is refused. */
  @Column({ type: 'integer', default: 1 })
  version!: number;

  @Column({ name: 'status_changed_at', type: 'timestamptz', precision: 3, nullable: true })
  statusChangedAt!: Date | null;

  /** Username of the teammate who last changed the status. */
  @Column({ name: 'status_changed_by', type: 'varchar', nullable: true })
  statusChangedBy!: string | null;

  /** The teammate who owns the lead; null when it arrives. */
  @Column({ name: 'assignee_id', type: 'uuid', nullable: true })
  assigneeId!: string | null;

  // Accounts are never deleted; SET NULL only keeps a manual clean-up from failing.
  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'assignee_id', foreignKeyConstraintName: 'fk_contact_submissions_assignee_id' })
  assignee?: User;

  /** The first time its status left `new` (response time); null while it has not. */
  @Column({ name: 'first_responded_at', type: 'timestamptz', precision: 3, nullable: true })
  firstRespondedAt!: Date | null;

  /** Business minutes from submission to firstRespondedAt, under the settings of that moment (whole, rounded down: shown). */
  @Column({ name: 'response_minutes', type: 'integer', nullable: true })
  responseMinutes!: number | null;

  /**
   * The same duration exactly, in seconds to the millisecond: the report compares it with the
   * target (3 min 47 s is late for 3 minutes, though its whole minutes are 3). pg reads numeric as text.
   */
  @Column({ name: 'response_seconds', type: 'numeric', precision: 12, scale: 3, nullable: true })
  responseSeconds!: string | null;

  /** When it becomes overdue while still `new`: set by the response-time scan, cleared when the settings change. */
  @Column({ name: 'response_due_at', type: 'timestamptz', precision: 3, nullable: true })
  responseDueAt!: Date | null;

  /** When its one escalation ("Waiting for an answer") was queued. */
  @Column({ name: 'escalated_at', type: 'timestamptz', precision: 3, nullable: true })
  escalatedAt!: Date | null;

  /** When someone means to follow it up; null: no follow-up. */
  @Column({ name: 'follow_up_at', type: 'timestamptz', precision: 3, nullable: true })
  followUpAt!: Date | null;

  /** The followUpAt value whose reminder was queued: a changed date reminds again. */
  @Column({ name: 'follow_up_reminded_for', type: 'timestamptz', precision: 3, nullable: true })
  followUpRemindedFor!: Date | null;
  /** How much the submission looked like spam at intake (0–100), and the signals that fired (src/intake/spam/). */
  @Column({ name: 'spam_score', type: 'smallint', default: 0 })
  spamScore!: number;

  @Column({ name: 'spam_reasons', type: 'jsonb', default: () => "'[]'" })
  spamReasons!: string[];

  /** Held at intake (status `spam`): nothing left for it until a teammate releases it. */
  @Column({ name: 'held_as_spam', type: 'boolean', default: false })
  heldAsSpam!: boolean;

  /** When a teammate released it from the hold: a released lead is never held again. */
  @Column({ name: 'released_at', type: 'timestamptz', precision: 3, nullable: true })
  releasedAt!: Date | null;

  /** The routing rule (null: the fallback) and reason that gave it its assignee at arrival or release; null when routing did not. */
  @Column({ type: 'jsonb', nullable: true })
  routing!: { rule: string | null; reason: string } | null;

  /** When the newest message of its conversation (src/conversation/) was sent or received; null: none. */
  @Column({ name: 'last_message_at', type: 'timestamptz', precision: 3, nullable: true })
  lastMessageAt!: Date | null;

  /** Its newest message is one the lead wrote (not automatic): the team owes an answer. */
  @Column({ name: 'awaiting_reply', type: 'boolean', default: false })
  awaitingReply!: boolean;
}

/** The provenance and consent fields, as the form sends them and the detail view shows them. */
export const PROVENANCE_FIELDS = [
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmTerm',
  'utmContent',
  'referrer',
  'landingPath',
  'consentVersion',
] as const;
export type ProvenanceField = (typeof PROVENANCE_FIELDS)[number];

/** The columns a visitor fills in through the form. */
export type SubmissionFormField = 'name' | 'email' | 'linkedin' | 'company' | 'interest' | 'comments';
