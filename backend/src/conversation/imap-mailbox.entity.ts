import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How far the IMAP poller has read a mailbox (IMAP_URL, src/conversation/imap-poller.service.ts):
 * the mailbox's UIDVALIDITY and the highest UID taken, advanced in the transaction that stores
 * the message. A new UIDVALIDITY starts over from the lowest UID.
 */
@Entity('imap_mailboxes')
export class ImapMailbox {
  /** `user@host:port/folder` of IMAP_URL (no password). */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'pk_imap_mailboxes' })
  mailbox!: string;

  // Both unsigned 32-bit in IMAP: bigint, read as strings.
  @Column({ name: 'uid_validity', type: 'bigint' })
  uidValidity!: string;

  @Column({ name: 'last_uid', type: 'bigint', default: 0 })
  lastUid!: string;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  updatedAt!: Date;
}
