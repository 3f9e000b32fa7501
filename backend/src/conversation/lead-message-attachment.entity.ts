import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { LeadMessage } from './lead-message.entity.js';

/** A file attached to an incoming message; its content is null when it was over INBOUND_ATTACHMENT_MAX_MB. */
@Entity('lead_message_attachments')
@Index('ix_lead_message_attachments_message_id', ['messageId'])
export class LeadMessageAttachment {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_lead_message_attachments' })
  id!: string;

  @Column({ name: 'message_id', type: 'uuid' })
  messageId!: string;

  @ManyToOne(() => LeadMessage, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'message_id', foreignKeyConstraintName: 'fk_lead_message_attachments_message_id' })
  message?: LeadMessage;

  @Column({ type: 'text' })
  filename!: string;

  /** The type the message declared (answered as such only when it is not active content). */
  @Column({ name: 'content_type', type: 'text' })
  contentType!: string;

  /** Bytes. */
  @Column({ type: 'integer' })
  size!: number;

  /** Not read unless asked for (the thread lists attachments without their bytes). */
  @Column({ type: 'bytea', nullable: true, select: false })
  content!: Buffer | null;
}
