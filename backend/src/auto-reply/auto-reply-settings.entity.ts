import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/** The limits of the auto-reply's texts (docs/api.md): subject ≤ 200, body ≤ 5000. */
export const AUTO_REPLY_LIMITS = { subject: 200, body: 5000, fromName: 100, replyTo: 254 } as const;

/** Where the auto-reply's body takes the lead's name. */
export const NAME_PLACEHOLDER = '{name}';

/** Where the auto-reply's body takes the visitor's booking link (docs/booking.md); empty when there is none. */
export const BOOKING_URL_PLACEHOLDER = '{bookingUrl}';

/** The auto-reply to the visitor (Settings → E-mail): one row, off until an admin turns it on. */
@Entity('auto_reply_settings')
@Check('ck_auto_reply_settings_one_row', `"id"`)
export class AutoReplySettings {
  /** Always true: the table holds one row. */
  @PrimaryColumn({ type: 'boolean', default: true, primaryKeyConstraintName: 'pk_auto_reply_settings' })
  id!: boolean;

  @Column({ type: 'boolean', default: false })
  enabled!: boolean;

  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'text' })
  body!: string;

  /** Where a visitor's answer goes (Reply-To); null: to MAIL_FROM. */
  @Column({ name: 'reply_to', type: 'text', nullable: true })
  replyTo!: string | null;

  /** The sender's display name (From: "<fromName>" <MAIL_FROM's address>); null: MAIL_FROM's own. */
  @Column({ name: 'from_name', type: 'text', nullable: true })
  fromName!: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  updatedAt!: Date;
}
