import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { ContactSubmission } from '../leads/contact-submission.entity.js';
import { User } from '../identity/user.entity.js';

export const MESSAGE_DIRECTIONS = ['in', 'out'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

/** How an incoming message found its lead (docs/conversation.md, "Matching"). */
export const MATCHED_BY = ['thread', 'token', 'address'] as const;
export type MatchedBy = (typeof MATCHED_BY)[number];

/** Where an outgoing message is: queued in the outbox, accepted by the SMTP server, or given up. */
export const MESSAGE_STATES = ['queued', 'sent', 'failed'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/**
 * One e-mail of a lead's conversation: a message a teammate sent (`out`) or one the lead
 * wrote (`in`). Erased with its lead (ON DELETE CASCADE). HTML is never kept: the text part
 * (or the text of the HTML part) is.
 */
@Entity('lead_messages')
@Check('ck_lead_messages_direction', `"direction" IN ('in', 'out')`)
@Check('ck_lead_messages_matched_by', `"matched_by" IN ('thread', 'token', 'address')`)
@Check('ck_lead_messages_state', `"state" IN ('queued', 'sent', 'failed')`)
// A lead's thread, oldest first (and its newest message).
@Index('ix_lead_messages_submission_id_created_at', ['submissionId', 'createdAt'])
export class LeadMessage {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_lead_messages' })
  id!: string;

  @Column({ name: 'submission_id', type: 'uuid' })
  submissionId!: string;

  @ManyToOne(() => ContactSubmission, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'submission_id', foreignKeyConstraintName: 'fk_lead_messages_submission_id' })
  submission?: ContactSubmission;

  @Column({ type: 'varchar', length: 3 })
  direction!: MessageDirection;

  /** Who sent an outgoing message; null for an incoming one. */
  @Column({ name: 'author_id', type: 'uuid', nullable: true })
  authorId!: string | null;

  // Accounts are never deleted; SET NULL only keeps a manual clean-up from failing.
  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'author_id', foreignKeyConstraintName: 'fk_lead_messages_author_id' })
  author?: User;

  /** The From header as sent or received (`Name <address>`). */
  @Column({ name: 'from_address', type: 'text' })
  from!: string;

  /** The To header. */
  @Column({ name: 'to_address', type: 'text' })
  to!: string;

  @Column({ type: 'text', default: '' })
  subject!: string;

  /** The new text: the body sent, or what the lead wrote above the quoted history. */
  @Column({ type: 'text', default: '' })
  text!: string;

  /** The quoted history below the new text of an incoming message (shown on request); null when none. */
  @Column({ name: 'quoted_text', type: 'text', nullable: true })
  quotedText!: string | null;

  /** The Message-ID header, angle brackets included: unique, so a message is stored once. */
  @Index('uq_lead_messages_message_id', { unique: true })
  @Column({ name: 'message_id', type: 'text' })
  messageId!: string;

  @Column({ name: 'in_reply_to', type: 'text', nullable: true })
  inReplyTo!: string | null;

  /**
   * The References header as sent: its ids, oldest first, separated by spaces; null when none.
   * (Text, not an array: TypeORM's schema check reads array columns' types concurrently on one
   * connection, which the drift test refuses.)
   */
  @Column({ type: 'text', nullable: true })
  references!: string | null;

  /** When it was sent: the SMTP server's acceptance of an outgoing one, the Date header of an incoming one. */
  @Column({ name: 'sent_at', type: 'timestamptz', precision: 3, nullable: true })
  sentAt!: Date | null;

  /** When an incoming message was stored. */
  @Column({ name: 'received_at', type: 'timestamptz', precision: 3, nullable: true })
  receivedAt!: Date | null;

  @Column({ name: 'matched_by', type: 'varchar', length: 8, nullable: true })
  matchedBy!: MatchedBy | null;

  /** An automatic incoming message (auto-reply, bulk, bounce): it notifies nobody and awaits no answer. */
  @Column({ type: 'boolean', default: false })
  automatic!: boolean;

  /** An outgoing message's state; null for an incoming one. */
  @Column({ type: 'varchar', length: 8, nullable: true })
  state!: MessageState | null;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt!: Date;
}
