import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import type { BusinessHours } from './business-time.js';

/** The response-time target and business hours (Settings): one row, 60 minutes around the clock at first. */
@Entity('response_time_settings')
@Check('ck_response_time_settings_one_row', `"id"`)
export class ResponseTimeSettings {
  /** Always true: the table holds one row. */
  @PrimaryColumn({ type: 'boolean', default: true, primaryKeyConstraintName: 'pk_response_time_settings' })
  id!: boolean;

  @Column({ name: 'target_minutes', type: 'integer', default: 60 })
  targetMinutes!: number;

  /** null: every minute counts. */
  @Column({ name: 'business_hours', type: 'jsonb', nullable: true })
  businessHours!: BusinessHours | null;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  updatedAt!: Date;
}
