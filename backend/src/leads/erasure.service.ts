import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type Actor, AuditService } from '../audit/audit.service.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import { LeadEvents } from './lead-events.service.js';

/** Why submissions were erased, as the audit log records it. */
export type ErasureReason = 'id' | 'email' | 'retention';

// Retention erases in chunks: each one a short transaction and a spreadsheet request of a
// bounded size, however many submissions have aged out.
export const RETENTION_CHUNK = 1000;

// The submissions to erase, chosen by one of the conditions below; their outbox rows and
// Idempotency-Keys go with them (ON DELETE CASCADE), and the statement-level delete trigger
// appends the negative deltas that keep the analytics exact (docs/decisions/005). The ids
// come back as text[]: node-pg parses no uuid[].
const ERASE = (condition: string) => `
  WITH erased AS (DELETE FROM contact_submissions WHERE ${condition} RETURNING id)
  SELECT coalesce(array_agg(id ORDER BY id), '{}')::text[] AS ids FROM erased`;
const BY_ID = ERASE('id = $1');
const BY_IDS = ERASE('id = ANY($1::uuid[])');
// Held spam past SPAM_RETENTION_DAYS (a released lead is no longer held).
const HELD_SPAM_OLDER_THAN = ERASE(
  `id IN (SELECT id FROM contact_submissions WHERE held_as_spam AND status = 'spam' AND submitted_at < $1 ORDER BY submitted_at LIMIT ${RETENTION_CHUNK})`,
);
// The address as typed (trimmed, any case), found through ix_contact_submissions_canonical_email.
const BY_EMAIL = ERASE('canonical_email(email) = canonical_email($1) AND lower(btrim(email)) = lower(btrim($1))');
const OLDER_THAN = ERASE(
  `id IN (SELECT id FROM contact_submissions WHERE submitted_at < $1 ORDER BY submitted_at LIMIT ${RETENTION_CHUNK})`,
);

/**
 * Erasure (docs/team-and-privacy.md, "Where a lead came from, erasure and retention"): the submissions, their outbox rows (and the
 * e-mail digests that name them) and Idempotency-Keys are removed, one signed `erase` delivery for the spreadsheet and a
 * `lead.erased` webhook (ids only) per endpoint that takes it are queued
 * and the audit log records who erased which ids, all in one transaction.
 */
@Injectable()
export class ErasureService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly leadEvents: LeadEvents,
    private readonly deliveries: DeliveryWorker,
    private readonly audit: AuditService,
  ) {}

  /** Erases one submission (`id` a UUID); 404 when there is none with this id. */
  async eraseById(id: string, actor: Actor): Promise<void> {
    const ids = await this.erase(BY_ID, [id], { actor, by: 'id' });
    if (ids.length === 0) throw new NotFoundException('No submission with this id');
  }

  /** Erases each submission named (bulk delete), each recorded as `DELETE …/:id` records it; how many (unknown ids skipped). */
  async eraseByIds(ids: string[], actor: Actor): Promise<number> {
    return (await this.erase(BY_IDS, [[...new Set(ids)]], { actor, by: 'id' })).length;
  }

  /** Erases every submission of the person with this e-mail (normalised); how many. */
  async eraseByEmail(email: string, actor: Actor): Promise<number> {
    return (await this.erase(BY_EMAIL, [email], { actor, by: 'email' })).length;
  }

  /** Erases every submission made before `cutoff`, a chunk at a time; how many. */
  async eraseOlderThan(cutoff: Date, heldSpamOnly = false): Promise<number> {
    let total = 0;
    for (;;) {
      const ids = await this.erase(heldSpamOnly ? HELD_SPAM_OLDER_THAN : OLDER_THAN, [cutoff], { actor: null, by: 'retention' });
      total += ids.length;
      if (ids.length < RETENTION_CHUNK) return total;
    }
  }

  /**
   * Erases what `sql` selects, queues the spreadsheet's erasure and records it in the audit
   * log (ids and count only, never the e-mail: the record must not keep what was erased),
   * all in one transaction. A request by e-mail that found nothing is recorded too: it
   * shows the request was answered.
   */
  private async erase(sql: string, parameters: unknown[], by: { actor: Actor | null; by: ErasureReason }): Promise<string[]> {
    const ids = await this.dataSource.transaction(async (manager) => {
      const [{ ids }] = await manager.query<Array<{ ids: string[] }>>(sql, parameters);
      // Their pending deliveries went with them (ON DELETE CASCADE): no payload of theirs is sent now.
      // LeadEvents.erased: the spreadsheet's `erase`, `lead.erased` webhooks, the digests that name them, the dashboards.
      if (ids.length > 0) await this.leadEvents.erased(manager, ids);
      // Erased by id (one or many): one event per lead, as DELETE …/:id records it.
      if (by.by === 'id') {
        for (const id of ids) {
          await this.audit.record(
            { actor: by.actor, action: 'erase', submissionId: id, detail: { ids: [id], count: 1, by: 'id' } },
            manager,
          );
        }
      } else if (ids.length > 0 || by.by === 'email') {
        await this.audit.record(
          {
            actor: by.actor,
            action: 'erase',
            submissionId: null,
            detail: { ids, count: ids.length, by: by.by },
          },
          manager,
        );
      }
      return ids;
    });
    if (ids.length > 0) this.deliveries.nudge();
    return ids;
  }
}
