import type { EntityManager } from 'typeorm';

export interface NewDelivery {
  channel: string;
  target?: string;
  event: string;
  payload: unknown;
  /** The submission the payload is about: erasing it erases the delivery. */
  submissionId?: string | null;
}

/**
 * Queues deliveries in the caller's transaction, the one way to queue from code: nudge the
 * worker (DeliveryWorker.nudge, the one way to wake it) once it has committed. Returns their ids.
 */
export async function queueDeliveries(manager: EntityManager, deliveries: NewDelivery[]): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const rows = await manager.query<Array<{ id: string }>>(
    `INSERT INTO deliveries (channel, target, event, payload, submission_id)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::jsonb[], $5::uuid[]) RETURNING id`,
    [
      deliveries.map((d) => d.channel),
      deliveries.map((d) => d.target ?? ''),
      deliveries.map((d) => d.event),
      deliveries.map((d) => JSON.stringify(d.payload)),
      deliveries.map((d) => d.submissionId ?? null),
    ],
  );
  return rows.map((row) => row.id);
}

/**
 * The same in SQL, for deliveries a query builds (a lead's copies inside the intake's one
 * statement, a lead queued again): `select` yields the columns channel, target, event,
 * submission_id and payload, in that order; `suffix` may add an ON CONFLICT clause.
 */
export const queueDeliveriesSql = (select: string, suffix = '') =>
  `INSERT INTO deliveries (channel, target, event, submission_id, payload) ${select} ${suffix}`.trimEnd();
