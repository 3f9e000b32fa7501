import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../identity/user.entity.js';

/**
 * One sign-in of a known account, successful or not, with where it came from: what
 * `GET /api/auth/sign-ins` shows its owner. Personal data (an IP address), so kept apart from
 * audit_events, and gone with the account's row.
 */
@Entity('sign_ins')
// One account's sign-ins, newest first.
@Index('ix_sign_ins_user_id_at', ['userId', 'at'])
export class SignIn {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'pk_sign_ins' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'fk_sign_ins_user_id' })
  user?: User;

  @Column({ type: 'timestamptz', precision: 3, default: () => 'now()' })
  at!: Date;

  @Column({ type: 'text' })
  ip!: string;

  @Column({ name: 'user_agent', type: 'text' })
  userAgent!: string;

  @Column({ type: 'boolean' })
  success!: boolean;
}
