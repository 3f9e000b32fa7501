import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../common/clock.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import { DIGEST_LIST_LIMIT, type DigestLead, digestEmail } from './digest-email.js';
import { MailTransport } from '../mail/mail-transport.service.js';
import { queueEmails } from '../mail/queue-emails.js';

const CHECK_EVERY_MS = 60_000;

interface DueUser {
  id: string;
  email: string;
  localDate: string;
  timeZone: string;
  /** notifications.followUps: the digest lists the day's follow-ups. */
  followUps: boolean;
}

/**
 * The users whose digest is due at $1: choice `daily`, an address, active, between 08:00 and
 * noon of their time zone (a process down at 08:00 catches up in the morning; a user who
 * picks `daily` in the evening gets the first one the next morning), and none handled for
 * that local date yet.
 */
const DUE_USERS = `
  SELECT u.id, u.email, u.time_zone AS "timeZone", u.notify_follow_ups AS "followUps", ($1::timestamptz AT TIME ZONE u.time_zone)::date::text AS "localDate"
    FROM users u
   WHERE u.notify_new_lead = 'daily' AND u.email IS NOT NULL AND u.disabled_at IS NULL
     AND ($1::timestamptz AT TIME ZONE u.time_zone)::time >= '08:00' AND ($1::timestamptz AT TIME ZONE u.time_zone)::time < '12:00'
     AND NOT EXISTS (SELECT FROM digest_runs r WHERE r.user_id = u.id AND r.local_date = ($1::timestamptz AT TIME ZONE u.time_zone)::date)`;

/**
 * Deletes the digests and the e-mails listing several leads (a bulk assignment, one scan's
 * escalations or reminders), sent or not, that name one of the erased submissions ($1, ids
 * as text): erasure's line for them, since they have no one submission to cascade from.
 */
export const ERASE_FROM_LEAD_LISTS = `
  DELETE FROM deliveries
   WHERE channel = 'email'
     -- An e-mail about one lead carries its submission_id and goes with it.
     AND (event = 'digest' OR (event IN ('assigned', 'overdue', 'follow-up') AND submission_id IS NULL))
     AND EXISTS (SELECT FROM unnest($1::text[]) AS erased(id) WHERE strpos(payload ->> 'text', 'lead=' || erased.id) > 0)`;

const LAST_DAY = `submitted_at > $1::timestamptz - interval '24 hours' AND submitted_at <= $1::timestamptz`;
// Spam is not a lead to work, whether held at intake or marked by a teammate since: neither
// counted nor listed. Only the number held at intake is told.
const LEADS_OF_LAST_DAY = `${LAST_DAY} AND NOT held_as_spam AND status <> 'spam'`;

/**
 * The daily digest at 08:00 in each user's time zone: checked every minute in every process.
 * A user's digest is one transaction: its `digest_runs` row (user, local date), inserted
 * with ON CONFLICT DO NOTHING, then the e-mail; the replica that loses the insert sends
 * nothing, so each user gets one per day however many replicas run. None on a day without
 * leads (the row is kept: that day is handled).
 */
@Injectable()
export class DailyDigest implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DailyDigest.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailTransport,
    private readonly worker: DeliveryWorker,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.mail.enabled) return;
    this.timer = setInterval(
      () => void this.sendDue().catch((error) => this.logger.warn(`daily digest: ${String(error)}`)),
      CHECK_EVERY_MS,
    ).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Queues every digest due now (the clock's now); returns how many were queued. */
  async sendDue(): Promise<number> {
    if (!this.mail.enabled) return 0;
    const now = this.clock.now();
    const due = await this.dataSource.query<DueUser[]>(DUE_USERS, [now]);
    let queued = 0;
    for (const user of due) {
      if (await this.dataSource.transaction((manager) => this.queueDigest(manager, user, now))) queued += 1;
    }
    if (queued > 0) this.worker.nudge();
    return queued;
  }

  private async queueDigest(manager: EntityManager, user: DueUser, now: Date): Promise<boolean> {
    const counts = await manager.query<Array<{ interest: string; leads: number }>>(
      `SELECT interest, count(*)::int AS leads FROM contact_submissions WHERE ${LEADS_OF_LAST_DAY} GROUP BY interest ORDER BY leads DESC, interest`,
      [now],
    );
    const total = counts.reduce((sum, { leads }) => sum + leads, 0);
    const [claimed] = await manager.query<unknown[]>(
      `INSERT INTO digest_runs (user_id, local_date, leads) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING user_id`,
      [user.id, user.localDate, total],
    );
    // The follow-ups planned for the user's local date, theirs or nobody's (neither archived nor
    // spam), unless they turned follow-up e-mails off.
    const followUps = !user.followUps
      ? []
      : await manager.query<DigestLead[]>(
          `SELECT id, name, company, interest FROM contact_submissions
        WHERE follow_up_at >= $2::date::timestamp AT TIME ZONE $1 AND follow_up_at < ($2::date + 1)::timestamp AT TIME ZONE $1
          AND (assignee_id = $3 OR assignee_id IS NULL)
          AND status NOT IN ('archived', 'spam')
        ORDER BY follow_up_at, id LIMIT ${DIGEST_LIST_LIMIT}`,
          [user.timeZone, user.localDate, user.id],
        );
    if (!claimed || (total === 0 && followUps.length === 0)) return false;
    const [{ held }] = await manager.query<Array<{ held: number }>>(
      `SELECT count(*)::int AS held FROM contact_submissions WHERE ${LAST_DAY} AND held_as_spam`,
      [now],
    );
    const leads = await manager.query<DigestLead[]>(
      `SELECT id, name, company, interest FROM contact_submissions WHERE ${LEADS_OF_LAST_DAY} ORDER BY submitted_at, id LIMIT ${DIGEST_LIST_LIMIT}`,
      [now],
    );
    await queueEmails(manager, [
      { kind: 'digest', to: user.email, content: digestEmail(counts, leads, total, this.mail.publicUrl, followUps, held) },
    ]);
    return true;
  }
}
