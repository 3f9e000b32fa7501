import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import type { BookingProvider } from '../common/booking-link.js';

/** The team's booking link, used for a lead whose assignee has none (Settings → Booking): one row. */
@Entity('booking_settings')
@Check('ck_booking_settings_one_row', `"id"`)
@Check('ck_booking_settings_provider', `"provider" IN ('calcom', 'calendly', 'other')`)
export class BookingSettings {
  /** Always true: the table holds one row. */
  @PrimaryColumn({ type: 'boolean', default: true, primaryKeyConstraintName: 'pk_booking_settings' })
  id!: boolean;

  /** An https: URL; null: no team link (a lead without an assignee's link gets none). */
  @Column({ name: 'default_url', type: 'text', nullable: true })
  defaultUrl!: string | null;

  /** Which tool the links open: it decides the query parameter that carries the lead's id. */
  @Column({ type: 'varchar', length: 8, default: 'other' })
  provider!: BookingProvider;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  updatedAt!: Date;
}
