import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Role } from '../identity/roles.js';
import { User } from '../identity/user.entity.js';

/**
 * An open invitation: one per e-mail (inviting again replaces it), deleted when accepted or
 * withdrawn. Only the token's SHA-256 is stored.
 */
@Entity('invitations')
export class Invitation {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_invitations' })
  id!: string;

  /** Normalised (trimmed, lower-cased). */
  @Index('uq_invitations_email', { unique: true })
  @Column({ type: 'text' })
  email!: string;

  @Column({ type: 'varchar', length: 16 })
  role!: Role;

  @Column({ name: 'token_hash', type: 'bytea' })
  tokenHash!: Buffer;

  @Column({ name: 'expires_at', type: 'timestamptz', precision: 3 })
  expiresAt!: Date;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'invited_by', type: 'uuid', nullable: true })
  invitedBy!: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'invited_by', foreignKeyConstraintName: 'fk_invitations_invited_by' })
  inviter?: User;
}
