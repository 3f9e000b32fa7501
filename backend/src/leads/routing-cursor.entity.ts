import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How many leads a round-robin rule has routed (`key`: `rule:<lower-cased name>` or
 * `fallback`): the next lead goes to the pool's member at that position. The intake's statement
 * advances it under the row's lock, so concurrent batches on any replica take turns exactly.
 */
@Entity('routing_cursors')
export class RoutingCursor {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'pk_routing_cursors' })
  key!: string;

  @Column({ type: 'bigint', default: 0 })
  position!: string;
}
