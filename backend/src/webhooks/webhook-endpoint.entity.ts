import { Check, Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const WEBHOOK_EVENTS = ['lead.created', 'lead.updated', 'lead.erased', 'lead.overdue', 'lead.message'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_FORMATS = ['standard', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** A URL the team chose to receive leads (docs/integrations.md, "Outgoing webhooks"); its deliveries are `webhook` rows of `deliveries`. */
@Entity('webhook_endpoints')
@Check('ck_webhook_endpoints_format', `"format" IN ('standard', 'slack')`)
export class WebhookEndpoint {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_webhook_endpoints' })
  id!: string;

  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'text', array: true })
  events!: WebhookEvent[];

  @Column({ type: 'text', default: 'standard' })
  format!: WebhookFormat;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  /** `whsec_` + base64 of 24 random bytes; kept as is, since every delivery is signed with it. */
  @Column({ type: 'text' })
  secret!: string;

  @Column({ name: 'created_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  createdAt!: Date;
}
