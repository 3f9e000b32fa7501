import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../identity/user.entity.js';

/**
 * An e-mail change waiting for the new address to confirm it: one per user (asking again
 * replaces it), deleted when used. Only the token's SHA-256 is stored.
 */
@Entity('email_changes')
export class EmailChange {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_email_changes' })
  id!: string;

  @Index('uq_email_changes_user_id', { unique: true })
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_email_changes_user_id' })
  user?: User;

  /** The new address, normalised. */
  @Column({ type: 'text' })
  email!: string;

  @Column({ name: 'token_hash', type: 'bytea' })
  tokenHash!: Buffer;

  @Column({ name: 'expires_at', type: 'timestamptz', precision: 3 })
  expiresAt!: Date;
}
