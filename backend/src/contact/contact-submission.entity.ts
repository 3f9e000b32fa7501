import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity('contact_submissions')
// Serves the admin list's keyset page (ORDER BY submitted_at DESC, id DESC) and the
// analytics' "this month" range. The all-time totals are in contact_submission_counts.
@Index('ix_contact_submissions_submitted_at_id', ['submittedAt', 'id'])
export class ContactSubmission {
  @PrimaryColumn({ type: 'text', default: () => 'gen_random_uuid()', primaryKeyConstraintName: 'pk_contact_submissions' })
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
}

/** The columns a visitor fills in through the form. */
export type SubmissionFormField = 'name' | 'email' | 'linkedin' | 'company' | 'interest' | 'comments';
