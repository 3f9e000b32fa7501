import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { ContactSubmission } from './contact-submission.entity.js';
import { User } from '../identity/user.entity.js';

/** One note of a lead's thread: who wrote what, when. Erased with its lead. */
@Entity('contact_notes')
// A lead's thread, newest first.
@Index('ix_contact_notes_submission_id_created_at', ['submissionId', 'createdAt'])
export class ContactNote {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_contact_notes' })
  id!: string;

  @Column({ name: 'submission_id', type: 'uuid' })
  submissionId!: string;

  @ManyToOne(() => ContactSubmission, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'submission_id', foreignKeyConstraintName: 'fk_contact_notes_submission_id' })
  submission?: ContactSubmission;

  /** Who wrote it; null for the single note a lead had before notes were a thread. */
  @Column({ name: 'author_id', type: 'uuid', nullable: true })
  authorId!: string | null;

  // Accounts are never deleted; SET NULL only keeps a manual clean-up from failing.
  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'author_id', foreignKeyConstraintName: 'fk_contact_notes_author_id' })
  author?: User;

  @Column({ type: 'text' })
  body!: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt!: Date;
}
