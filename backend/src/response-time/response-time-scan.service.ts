import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { Counter } from 'prom-client';
import { DataSource, type EntityManager } from 'typeorm';
import type { Environment } from '../config/environment.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import { notifyLive } from '../common/live-event.js';
import { MailTransport } from '../mail/mail-transport.service.js';
import { METRIC_PREFIX, Metrics } from '../metrics/metrics.service.js';
import { queueEmails } from '../mail/queue-emails.js';
import { LeadDetail, withoutHistory } from '../leads/lead-detail.service.js';
import { LeadEvents } from '../leads/lead-events.service.js';
import { responseDueAt } from '../leads/business-time.js';
import { responseClockStart } from '../leads/first-response.js';
import { followUpEmail, type LeadSummary, waitingEmail } from './response-time-emails.js';
import type { EmailContent } from '../mail/email-layout.js';
import { ResponseTimeSettingsService } from '../leads/response-time-settings.service.js';

// Rows a statement handles at once: each claim is one short transaction.
const BATCH = 100;

interface ClaimedLead extends LeadSummary {
  assigneeId: string | null;
}

/**
 * Claims the leads still new past their due time: marks them escalated in the same statement
 * that picks them (SKIP LOCKED: a replica never waits for, nor takes, a row another one is
 * claiming), so each lead is escalated once however many replicas scan.
 */
export const CLAIM_OVERDUE = `
  UPDATE contact_submissions s SET escalated_at = now()
   WHERE s.id IN (SELECT id FROM contact_submissions
                   WHERE status = 'new' AND response_due_at <= now() AND escalated_at IS NULL
                   ORDER BY response_due_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
  RETURNING s.id, s.name, s.company, s.interest, s.assignee_id AS "assigneeId", s.follow_up_at AS "followUpAt"`;

/** Claims the follow-ups due now whose date has not been reminded of yet (a changed date reminds again). */
const CLAIM_FOLLOW_UPS = `
  UPDATE contact_submissions s SET follow_up_reminded_for = s.follow_up_at
   WHERE s.id IN (SELECT id FROM contact_submissions
                   WHERE follow_up_at <= now() AND follow_up_reminded_for IS DISTINCT FROM follow_up_at
                     AND status NOT IN ('archived', 'spam')
                   ORDER BY follow_up_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
  RETURNING s.id, s.name, s.company, s.interest, s.assignee_id AS "assigneeId", s.follow_up_at AS "followUpAt"`;

/**
 * Who hears of each lead ($1 ids, $2 their assignees): the assignee when active with an
 * address, else every active account with one of the roles $3 and an address; of those, the
 * ones whose choice `column` (notify_escalations, notify_follow_ups) is on. An assignee who
 * turned it off is not replaced by the admins: the lead is theirs.
 */
const recipientsSql = (column: 'notify_escalations' | 'notify_follow_ups') => `
  SELECT l.id, u.email, u.time_zone AS "timeZone" FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS l(id, assignee_id, position)
    JOIN users u ON u.email IS NOT NULL AND u.disabled_at IS NULL
     AND (u.id = l.assignee_id OR (u.role = ANY($3::text[]) AND NOT EXISTS
           (SELECT FROM users a WHERE a.id = l.assignee_id AND a.email IS NOT NULL AND a.disabled_at IS NULL)))
   WHERE u.${column}
   ORDER BY l.position`;

/**
 * The jobs of response time, in PostgreSQL (docs/decisions/010): every process scans every
 * RESPONSE_SCAN_INTERVAL_MS and claims what is due with an UPDATE … RETURNING in the
 * transaction that queues its e-mails and webhooks in the delivery outbox, so a claim and
 * its messages commit together (a crash before the commit leaves the lead to the next scan)
 * and the outbox sends them at least once. Three jobs: the leads' due times, computed under
 * the settings; the escalation of leads still new past it; the follow-up reminders.
 */
@Injectable()
export class ResponseTimeScan implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ResponseTimeScan.name);
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly escalations: Counter;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    config: ConfigService<Environment, true>,
    private readonly settings: ResponseTimeSettingsService,
    private readonly leads: LeadDetail,
    private readonly leadEvents: LeadEvents,
    private readonly mail: MailTransport,
    private readonly worker: DeliveryWorker,
    metrics: Metrics,
  ) {
    this.intervalMs = config.get('RESPONSE_SCAN_INTERVAL_MS', { infer: true });
    this.escalations = new Counter({
      name: `${METRIC_PREFIX}escalations_total`,
      help: 'Leads escalated as still new past their response target (each once, by the replica that claimed it).',
      registers: [metrics.registry],
    });
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.soon(), this.intervalMs).unref();
    this.soon();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Scans now (once at a time in this process), e.g. after the settings changed. */
  soon(): void {
    this.running ??= this.scan()
      .catch((error: unknown) => this.logger.warn(`response-time scan: ${String(error)}`))
      .finally(() => (this.running = undefined));
  }

  /** One pass of the three jobs; resolves when done (tests call it to wait for a pass). */
  async scan(): Promise<void> {
    for (let filled = BATCH * 10; filled === BATCH * 10;) filled = await this.fillDueTimes();
    let queued = 0;
    for (let claimed = BATCH; claimed === BATCH;) {
      ({ claimed, queued } = await this.escalate(queued));
      // Counted once its transaction committed: the claim, its e-mails and webhooks.
      this.escalations.inc(claimed);
    }
    for (let claimed = BATCH; claimed === BATCH;) ({ claimed, queued } = await this.remind(queued));
    if (queued > 0) this.worker.nudge();
  }

  /**
   * The due time of the leads still new that have none (new ones, or all after a settings
   * change), under the settings read with a share lock so that a save waits for it.
   */
  private fillDueTimes(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rules = await this.settings.read(manager, true);
      const leads = await manager.query<Array<{ id: string; submittedAt: Date; releasedAt: Date | null }>>(
        `SELECT id, submitted_at AS "submittedAt", released_at AS "releasedAt" FROM contact_submissions
          WHERE status = 'new' AND response_due_at IS NULL LIMIT ${BATCH * 10}`,
      );
      if (leads.length === 0) return 0;
      const due = leads.map((lead) => responseDueAt(responseClockStart(lead), rules.targetMinutes, rules.businessHours));
      await manager.query(
        `UPDATE contact_submissions s SET response_due_at = due.at
           FROM unnest($1::uuid[], $2::timestamptz[]) AS due(id, at)
          WHERE s.id = due.id AND s.status = 'new' AND s.response_due_at IS NULL`,
        [leads.map((lead) => lead.id), due],
      );
      return leads.length;
    });
  }

  /**
   * One batch of escalations, in the claim's transaction: e-mails, LeadEvents.overdue (the
   * `lead.overdue` webhooks) and live events.
   */
  private escalate(queued: number): Promise<{ claimed: number; queued: number }> {
    return this.dataSource.transaction(async (manager) => {
      const [leads] = await manager.query<[ClaimedLead[], number]>(CLAIM_OVERDUE);
      if (leads.length === 0) return { claimed: 0, queued };
      const { targetMinutes } = await this.settings.read(manager);
      queued += await this.queueEmails(manager, leads, 'notify_escalations', ['admin'], (leadsOfOne) => ({
        kind: 'overdue',
        content: waitingEmail(leadsOfOne, targetMinutes, (lead) => this.mail.link(`/admin?lead=${lead.id}`)),
      }));
      for (const lead of leads) {
        queued += await this.leadEvents.overdue(manager, withoutHistory(await this.leads.of(lead.id, manager)));
      }
      await notifyLive(manager, { type: 'lead.overdue', ids: leads.map((lead) => lead.id) });
      return { claimed: leads.length, queued };
    });
  }

  /** One batch of follow-up reminders: e-mails and `lead.follow_up_due` live events, in the claim's transaction. */
  private remind(queued: number): Promise<{ claimed: number; queued: number }> {
    return this.dataSource.transaction(async (manager) => {
      const [leads] = await manager.query<[ClaimedLead[], number]>(CLAIM_FOLLOW_UPS);
      if (leads.length === 0) return { claimed: 0, queued };
      queued += await this.queueEmails(manager, leads, 'notify_follow_ups', ['admin', 'member'], (leadsOfOne, timeZone) => ({
        kind: 'follow-up',
        content: followUpEmail(leadsOfOne, timeZone, (lead) => this.mail.link(`/admin?lead=${lead.id}`)),
      }));
      await notifyLive(manager, { type: 'lead.follow_up_due', ids: leads.map((lead) => lead.id) });
      return { claimed: leads.length, queued };
    });
  }

  /**
   * One e-mail per person for the batch's leads (recipientsSql): the leads of a person's
   * e-mail in the batch's order, written for the person's time zone; none while e-mail is off. An e-mail about one lead is erased
   * with it; one listing several, by the links it names (ERASE_FROM_LEAD_LISTS).
   */
  private async queueEmails(
    manager: EntityManager,
    leads: ClaimedLead[],
    choice: 'notify_escalations' | 'notify_follow_ups',
    roles: string[],
    email: (leads: ClaimedLead[], timeZone: string) => { kind: 'overdue' | 'follow-up'; content: EmailContent },
  ): Promise<number> {
    if (!this.mail.enabled) return 0;
    const rows = await manager.query<Array<{ id: string; email: string; timeZone: string }>>(recipientsSql(choice), [
      leads.map((lead) => lead.id),
      leads.map((lead) => lead.assigneeId),
      roles,
    ]);
    const byId = new Map(leads.map((lead) => [lead.id, lead]));
    const byPerson = new Map<string, { timeZone: string; leads: ClaimedLead[] }>();
    for (const row of rows) {
      const person = byPerson.get(row.email) ?? { timeZone: row.timeZone, leads: [] };
      person.leads.push(byId.get(row.id)!);
      byPerson.set(row.email, person);
    }
    await queueEmails(
      manager,
      [...byPerson].map(([to, { timeZone, leads: ofOne }]) => ({
        ...email(ofOne, timeZone),
        to,
        submissionId: ofOne.length === 1 ? ofOne[0].id : null,
      })),
    );
    return byPerson.size;
  }
}
