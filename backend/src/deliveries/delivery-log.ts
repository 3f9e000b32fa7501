import type { EntityManager } from 'typeorm';
import { Delivery } from './delivery.entity.js';

/** How many deliveries a target's log shows, newest first. */
export const DELIVERY_LOG_LENGTH = 100;

/** Where a log is kept: a channel and one of its targets (a webhook endpoint's id, '' for the spreadsheet). */
export interface LogTarget {
  channel: string;
  target: string;
}

/** The target's latest DELIVERY_LOG_LENGTH deliveries, newest first. */
export function deliveryLog(manager: EntityManager, { channel, target }: LogTarget): Promise<Delivery[]> {
  return manager.find(Delivery, {
    where: { channel, target },
    order: { createdAt: 'DESC', id: 'DESC' },
    take: DELIVERY_LOG_LENGTH,
  });
}

/**
 * Queues one delivery of the target again, as it was queued (same id and payload, so the
 * receiver can tell it is the same event), attempts from zero. Undefined when the target has
 * no such delivery. Nudge the worker once the caller's transaction has committed.
 */
export async function sendAgain(
  manager: EntityManager,
  { channel, target }: LogTarget,
  id: string,
): Promise<Delivery | undefined> {
  const [rows] = await manager.query<[Array<{ id: string }>, number]>(
    `UPDATE deliveries SET status = 'pending', attempts = 0, next_attempt_at = now(), last_status = NULL, last_error = NULL, delivered_at = NULL
      WHERE id = $1 AND channel = $2 AND target = $3
     RETURNING id`,
    [id, channel, target],
  );
  if (rows.length === 0) return undefined;
  return manager.findOneByOrFail(Delivery, { id });
}

/**
 * For each target, when it started failing if that was a day ago or more (else null): the
 * oldest of its deliveries tried and not delivered that were queued after the newest one
 * delivered. A newer delivery that gets through clears it, and so does sending the failed
 * ones again until they are delivered. Read by created_at, the log's index, so it stays a few
 * index pages at a million deliveries (by delivered_at it read them all: 400 ms at a million).
 */
export async function failingSince(
  manager: EntityManager,
  channel: string,
  targets: string[],
): Promise<Map<string, Date | null>> {
  const rows = await manager.query<Array<{ target: string; since: Date | null }>>(
    `SELECT t.target, CASE WHEN f.since <= now() - interval '1 day' THEN f.since END AS since
       FROM unnest($2::text[]) AS t(target)
      CROSS JOIN LATERAL (
        SELECT min(d.created_at) AS since FROM deliveries d
         WHERE d.channel = $1 AND d.target = t.target AND d.status <> 'delivered' AND d.attempts > 0
           AND d.created_at > coalesce((SELECT ok.created_at FROM deliveries ok
                                         WHERE ok.channel = $1 AND ok.target = t.target AND ok.status = 'delivered'
                                         ORDER BY ok.created_at DESC LIMIT 1), '-infinity')
      ) f`,
    [channel, targets],
  );
  return new Map(rows.map((row) => [row.target, row.since]));
}
