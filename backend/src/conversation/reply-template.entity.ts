import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A saved answer the team fills the reply box from (docs/conversation.md, "Templates"). */
@Entity('reply_templates')
export class ReplyTemplate {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_reply_templates' })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  /** Null: the message's subject is left to the sender (or the thread's). */
  @Column({ type: 'text', nullable: true })
  subject!: string | null;

  @Column({ type: 'text' })
  body!: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  updatedAt!: Date;
}
