import type { EntityManager } from 'typeorm';

/**
 * The PostgreSQL channel of the dashboard's live events other than `lead.created` (which the
 * contact_submissions trigger sends on its own channel): written in the transaction of the
 * change, so every replica's listeners hear it when, and only if, that change commits.
 */
export const LIVE_EVENTS_CHANNEL = 'live_events';

/** What a notification on LIVE_EVENTS_CHANNEL carries: ids only, never personal data. */
export type LiveNotice =
  | { type: 'lead.updated' | 'lead.erased' | 'lead.overdue' | 'lead.follow_up_due' | 'lead.message'; ids: string[] }
  | { type: 'team.updated' };

/** An event as a dashboard's stream sends it (`event:` and `data:`). */
export interface LiveEvent {
  type: 'lead.created' | 'lead.updated' | 'lead.erased' | 'lead.overdue' | 'lead.follow_up_due' | 'lead.message' | 'team.updated';
  data: Record<string, unknown>;
}

// A notification's payload must stay under PostgreSQL's 8000 bytes: 100 ids are about 4000.
const IDS_PER_NOTICE = 100;

/**
 * Announces the notices on commit of `manager`'s transaction, in their order, in one statement
 * (a lead's ids split over as many notifications as needed).
 */
export async function notifyLive(manager: EntityManager, ...notices: LiveNotice[]): Promise<void> {
  const payloads = notices.flatMap((notice) => {
    if (notice.type === 'team.updated') return [JSON.stringify(notice)];
    const parts: string[] = [];
    for (let start = 0; start < notice.ids.length; start += IDS_PER_NOTICE)
      parts.push(JSON.stringify({ type: notice.type, ids: notice.ids.slice(start, start + IDS_PER_NOTICE) }));
    return parts;
  });
  if (payloads.length === 0) return;
  // A select list's calls run left to right: the notifications go out in the notices' order.
  const calls = payloads.map((_, index) => `pg_notify($1, $${index + 2})`);
  await manager.query(`SELECT ${calls.join(', ')}`, [LIVE_EVENTS_CHANNEL, ...payloads]);
}

/**
 * The stream events of one notice: `lead.updated`, `lead.overdue` (its response target passed,
 * escalated), `lead.follow_up_due` and `lead.message` (a message of its conversation stored) one per lead with `{ id }`, `lead.erased` with its ids,
 * `team.updated` empty.
 */
export function liveEventsOf(notice: LiveNotice): LiveEvent[] {
  if (notice.type === 'team.updated') return [{ type: 'team.updated', data: {} }];
  if (notice.type === 'lead.erased') return [{ type: 'lead.erased', data: { ids: notice.ids } }];
  const { type } = notice;
  return notice.ids.map((id) => ({ type, data: { id } }));
}

/** Tells every open dashboard that the team changed (accounts, roles, names): call it in the change's transaction. */
export function notifyTeamUpdated(manager: EntityManager): Promise<void> {
  return notifyLive(manager, { type: 'team.updated' });
}
