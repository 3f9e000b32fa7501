import { createHash } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import { mailbox } from '../common/canonical-email.js';
import type { Environment } from '../config/environment.js';
import { LeadEvents } from '../leads/lead-events.service.js';
import { MailTransport } from '../mail/mail-transport.service.js';
import { queueEmails } from '../mail/queue-emails.js';
import { autoReplyEmail } from './auto-reply-email.js';
import { greetedName } from './auto-reply-name.js';
import { AutoReplySettingsService } from './auto-reply-settings.service.js';
import { BookingLinks } from '../leads/booking-links.service.js';
import { withoutParameter } from '../common/booking-link.js';

/** A stored lead, as much of it as its auto-reply needs. */
export interface RepliedLead {
  id: string;
  name: string;
  email: string;
  /** The client's public /24 or /64 at intake; none for a released lead (a teammate let it through) or the site's own network. */
  network?: string | null;
  /** The visitor's booking link as the form's answer gave it (src/booking/); a released lead's is read when it is released. */
  bookingUrl?: string | null;
}

// The auto-reply answers a visitor who may still be waiting for it; after a day it would surprise.
const AUTO_REPLY_WINDOW_MS = 86_400_000;

/** The rate_limits row that counts the auto-replies of the hour, across replicas. */
export const HOURLY_KEY = 'auto-reply';
/** The prefix of the rate_limits rows that count a network's auto-replies of the hour (`auto-reply:203.0.113.0/24`). */
const NETWORK_KEY = 'auto-reply:';

/*
 * The guards in one statement (the lead is already stored; this runs in its transaction):
 * 1. `input`: the first lead of each mailbox (mailbox()) in the batch, in hash order;
 * 2. `due`: those whose mailbox had no auto-reply in 24 hours, as the snapshot sees it;
 * 3. `per_network` / `placed` / `fair`: each network's counter of the hour goes up by its due ones
 *    (keys in order); those within the network's limit ($5) go on, so a bot on one /24 or
 *    /64 spends at most that much of the hour's budget (leads without a network, released
 *    or from the site's own network, are not counted per network);
 * 4. `hour`: the hour's counter (in rate_limits, so every replica counts against one limit)
 *    goes up by the fair ones; a batch waits here for another's commit, so counts are exact;
 * 5. `ranked` / `allowed`: the fair ones within the hour's limit ($3): the counter before
 *    this batch plus each one's rank;
 * 6. the mailbox takes its row, or takes it over when the last auto-reply to it is older
 *    than 24 hours; the leads whose row this statement wrote get one. Concurrent batches on
 *    any replica wait for each other's row (ON CONFLICT), so a mailbox gets one auto-reply
 *    however its submissions are spread (one that a concurrent batch took was counted in the
 *    hour and is not sent: the limits err on the safe side).
 * The network rows are locked before the hour's row in every batch, so batches cannot deadlock.
 */
const CLAIM_RECIPIENTS = `
  WITH input AS (
    SELECT DISTINCT ON (address_hash) address_hash, submission_id, network
      FROM unnest($1::text[], $2::uuid[], $4::text[]) WITH ORDINALITY AS t(address_hash, submission_id, network, ord)
     ORDER BY address_hash, ord
  ), due AS (
    SELECT * FROM input WHERE NOT EXISTS (
      SELECT FROM auto_reply_recipients r WHERE r.address_hash = input.address_hash AND r.sent_at > now() - interval '24 hours')
  ), per_network AS (
    INSERT INTO rate_limits AS l (key, hits, resets_at)
    SELECT '${NETWORK_KEY}' || network, count(*), now() + interval '1 hour' FROM due
     WHERE network IS NOT NULL GROUP BY network ORDER BY network
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN l.resets_at <= now() THEN excluded.hits ELSE l.hits + excluded.hits END,
      resets_at = CASE WHEN l.resets_at <= now() THEN excluded.resets_at ELSE l.resets_at END
    RETURNING key, hits
  ), placed AS (
    SELECT due.*, p.hits - count(*) OVER (PARTITION BY due.network)
                  + row_number() OVER (PARTITION BY due.network ORDER BY due.address_hash) AS place
      FROM due LEFT JOIN per_network p ON p.key = '${NETWORK_KEY}' || due.network
  ), fair AS (
    SELECT address_hash, submission_id FROM placed WHERE network IS NULL OR place <= $5
  ), hour AS (
    INSERT INTO rate_limits AS l (key, hits, resets_at)
    SELECT '${HOURLY_KEY}', count(*), now() + interval '1 hour' FROM fair HAVING count(*) > 0
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN l.resets_at <= now() THEN excluded.hits ELSE l.hits + excluded.hits END,
      resets_at = CASE WHEN l.resets_at <= now() THEN excluded.resets_at ELSE l.resets_at END
    RETURNING hits
  ), ranked AS (
    SELECT fair.*, row_number() OVER (ORDER BY address_hash) AS rank, count(*) OVER () AS batch FROM fair
  ), allowed AS (
    SELECT ranked.* FROM ranked, hour WHERE hour.hits - ranked.batch + ranked.rank <= $3
  )
  INSERT INTO auto_reply_recipients AS r (address_hash, submission_id)
  SELECT address_hash, submission_id FROM allowed ORDER BY address_hash
  ON CONFLICT (address_hash) DO UPDATE SET submission_id = excluded.submission_id, sent_at = now()
   WHERE r.sent_at <= now() - interval '24 hours'
  RETURNING submission_id AS "submissionId"`;

/**
 * The visitor's booking link as the auto-reply carries it: a name that greetedName would not
 * greet (a URL, an amount…) is left out of it too, so no stranger's text rides in the e-mail.
 */
function linkFor(lead: RepliedLead): string | null {
  if (!lead.bookingUrl) return null;
  return greetedName(lead.name) === lead.name.trim() ? lead.bookingUrl : withoutParameter(lead.bookingUrl, 'name');
}

function addressHash(email: string): string {
  return createHash('sha256').update(mailbox(email)).digest('hex');
}

/**
 * The auto-reply as a channel of the lead's events: queued to the visitors of stored leads in
 * the transaction that stores them (after the intake's statement), and to a released lead's
 * visitor while they are less than a day away.
 */
@Injectable()
export class AutoReplies implements OnModuleInit {
  constructor(
    private readonly mail: MailTransport,
    private readonly settings: AutoReplySettingsService,
    private readonly config: ConfigService<Environment, true>,
    private readonly leadEvents: LeadEvents,
    private readonly bookingLinks: BookingLinks,
  ) {}

  onModuleInit(): void {
    this.leadEvents.register({
      name: 'auto-reply',
      afterIntake: { active: () => this.mail.enabled, queue: (manager, leads) => this.queue(manager, leads) },
      created: async (manager, lead) => {
        if (Date.now() - lead.submittedAt.getTime() >= AUTO_REPLY_WINDOW_MS) return;
        return this.queue(manager, [{ ...lead, bookingUrl: await this.bookingLinks.forLead(lead.id, manager) }]);
      },
    });
  }

  /** How many were queued: none when e-mail is not set up or the auto-reply is off. */
  async queue(manager: EntityManager, leads: RepliedLead[]): Promise<number> {
    if (!this.mail.enabled || leads.length === 0) return 0;
    const settings = await this.settings.read(manager);
    if (!settings.enabled) return 0;
    const claimed = await manager.query<Array<{ submissionId: string }>>(CLAIM_RECIPIENTS, [
      leads.map((lead) => addressHash(lead.email)),
      leads.map((lead) => lead.id),
      this.config.get('AUTO_REPLY_MAX_PER_HOUR', { infer: true }),
      leads.map((lead) => lead.network ?? null),
      this.config.get('AUTO_REPLY_MAX_PER_NETWORK', { infer: true }),
    ]);
    const replied = new Set(claimed.map((row) => row.submissionId));
    const emails = leads
      .filter((lead) => replied.has(lead.id))
      .map((lead) => ({
        kind: 'auto-reply' as const,
        to: lead.email,
        content: autoReplyEmail(settings, greetedName(lead.name), linkFor(lead)),
        submissionId: lead.id,
      }));
    await queueEmails(manager, emails);
    return emails.length;
  }
}
