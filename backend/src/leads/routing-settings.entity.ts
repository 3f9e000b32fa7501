import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

export const ROUTING_FIELDS = ['interest', 'company', 'emailDomain', 'source', 'campaign', 'referrerDomain'] as const;
export type RoutingField = (typeof ROUTING_FIELDS)[number];
export const ROUTING_OPS = ['is', 'in', 'contains', 'endsWith'] as const;
export type RoutingOp = (typeof ROUTING_OPS)[number];
export const ROUTING_STRATEGIES = ['round-robin', 'least-open'] as const;
export type RoutingStrategy = (typeof ROUTING_STRATEGIES)[number];

/** One condition of a rule; `value` is a list for `in`, text otherwise. */
export interface RoutingCondition {
  field: RoutingField;
  op: RoutingOp;
  value: string | string[];
}

export interface RoutingPool {
  pool: string[];
  strategy: RoutingStrategy;
}

export interface RoutingRule extends RoutingPool {
  name: string;
  when: RoutingCondition[];
}

/** The routing rules, in order, and the fallback (Settings → Routing): one row, no rules at first. */
@Entity('routing_settings')
@Check('ck_routing_settings_one_row', `"id"`)
export class RoutingSettings {
  /** Always true: the table holds one row. */
  @PrimaryColumn({ type: 'boolean', default: true, primaryKeyConstraintName: 'pk_routing_settings' })
  id!: boolean;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  rules!: RoutingRule[];

  @Column({ type: 'jsonb', nullable: true })
  fallback!: RoutingPool | null;

  /** Counts the saves: the ETag, so that two admins editing at once do not overwrite each other. */
  @Column({ type: 'integer', default: 1 })
  version!: number;

  @Column({ name: 'updated_at', type: 'timestamptz', precision: 3, default: () => 'now()' })
  updatedAt!: Date;
}
