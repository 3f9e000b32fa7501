import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_users' })
  id!: string;

  @Index('uq_users_username', { unique: true })
  @Column({ type: 'text' })
  username!: string;

  /** An argon2id hash, never the password itself. */
  @Column({ type: 'text' })
  password!: string;
}
