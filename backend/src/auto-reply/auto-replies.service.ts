import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MailTransport } from '../mail/mail-transport.service.js';
import { queueEmails } from '../mail/queue-emails.js';
import { normaliseEmail } from '../users/user.entity.js';
import { autoReplyEmail } from './auto-reply-email.js';
import { AutoReplySettingsService } from './auto-reply-settings.service.js';

/** A stored lead, as much of it as its auto-reply needs. */
export interface RepliedLead {
  id: string;
  name: string;
  email: string;
}

/*
 * The 24-hour guard in one statement: an address takes its row, or takes it over when the
 * last auto-reply to it is older than 24 hours; the leads whose row this statement wrote get
 * one. The first lead of each address in the batch only (a row is written once per
 * statement), in hash order, so two batches lock shared addresses in the same order.
 * Concurrent batches on any replica wait for each other's row (ON CONFLICT), so an address
 * gets one auto-reply however its submissions are spread.
 */
const CLAIM_RECIPIENTS = `
  INSERT INTO auto_reply_recipients AS r (address_hash, submission_id)
  SELECT DISTINCT ON (address_hash) address_hash, submission_id
    FROM unnest($1::text[], $2::uuid[]) WITH ORDINALITY AS t(address_hash, submission_id, ord)
   ORDER BY address_hash, ord
  ON CONFLICT (address_hash) DO UPDATE SET submission_id = excluded.submission_id, sent_at = now()
   WHERE r.sent_at <= now() - interval '24 hours'
  RETURNING submission_id AS "submissionId"`;

function addressHash(email: string): string {
  return createHash('sha256').update(normaliseEmail(email)).digest('hex');
}

/** Queues the auto-reply to the visitors of stored leads, in the transaction that stores them. */
@Injectable()
export class AutoReplies {
  constructor(
    private readonly mail: MailTransport,
    private readonly settings: AutoReplySettingsService,
  ) {}

  /** How many were queued: none when e-mail is not set up or the auto-reply is off. */
  async queue(manager: EntityManager, leads: RepliedLead[]): Promise<number> {
    if (!this.mail.enabled || leads.length === 0) return 0;
    const settings = await this.settings.read(manager);
    if (!settings.enabled) return 0;
    const claimed = await manager.query<Array<{ submissionId: string }>>(CLAIM_RECIPIENTS, [
      leads.map((lead) => addressHash(lead.email)),
      leads.map((lead) => lead.id),
    ]);
    const replied = new Set(claimed.map((row) => row.submissionId));
    const emails = leads
      .filter((lead) => replied.has(lead.id))
      .map((lead) => ({
        kind: 'auto-reply' as const,
        to: lead.email,
        content: autoReplyEmail(settings, lead.name),
        submissionId: lead.id,
      }));
    await queueEmails(manager, emails);
    return emails.length;
  }
}
