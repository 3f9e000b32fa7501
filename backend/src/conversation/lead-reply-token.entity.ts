import { Column, Entity, Index, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { ContactSubmission } from '../leads/contact-submission.entity.js';

/**
 * A lead's reply token: the `+<token>` of REPLY_ADDRESS in the Reply-To of every message sent
 * to it, so that a reply finds its lead whatever the lead's mail client does to the headers.
 * 160 random bits (never derived from the id), stored as made: it opens nothing but the
 * matching of a message to its thread. Erased with its lead.
 */
@Entity('lead_reply_tokens')
export class LeadReplyToken {
  @PrimaryColumn({ name: 'submission_id', type: 'uuid', primaryKeyConstraintName: 'pk_lead_reply_tokens' })
  submissionId!: string;

  @OneToOne(() => ContactSubmission, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'submission_id', foreignKeyConstraintName: 'fk_lead_reply_tokens_submission_id' })
  submission?: ContactSubmission;

  @Index('uq_lead_reply_tokens_token', { unique: true })
  @Column({ type: 'text' })
  token!: string;
}
