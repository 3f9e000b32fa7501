import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type Actor, AuditService } from '../audit/audit.service.js';
import { AutoReplies } from '../auto-reply/auto-replies.service.js';
import type { ContactSubmission } from '../contact/contact-submission.entity.js';
import { MailTransport } from '../mail/mail-transport.service.js';
import { newLeadEmail } from '../mail/new-lead-email.js';
import { EMAIL_CHANNEL } from '../mail/queue-emails.js';
import { SheetsOutbox } from '../sheets/sheets-outbox.service.js';
import { queueLeadCreatedSql } from '../webhooks/webhook-payload.sql.js';

// The auto-reply answers a visitor who may still be waiting for it; after a day it would surprise.
const AUTO_REPLY_WINDOW_MS = 86_400_000;

// The lead's `lead.created` webhooks, built by the intake's own fragment over the one lead.
const QUEUE_LEAD_CREATED = (publicUrl: string) =>
  `WITH stored AS (SELECT * FROM contact_submissions WHERE id = $1) ${queueLeadCreatedSql(publicUrl)}`;

// Its new-lead e-mail, to each active user whose choice is `instant`, as at intake.
const QUEUE_NEW_LEAD_EMAILS = `INSERT INTO deliveries (channel, event, submission_id, payload)
  SELECT '${EMAIL_CHANNEL}', 'new-lead', $1, $2::jsonb || jsonb_build_object('to', u.email)
    FROM users u WHERE u.disabled_at IS NULL AND u.email IS NOT NULL AND u.notify_new_lead = 'instant'`;

/**
 * Releases a lead held as spam: what its arrival would have sent goes out now, once (its
 * new-lead e-mails, `lead.created` webhooks, spreadsheet row, live `lead.created`, and its
 * auto-reply while the visitor is < 24 h away), in the caller's transaction, with a `release`
 * audit event naming who did it. `held_as_spam` goes false for good: a released lead is never
 * held again. The caller holds the row's lock and nudges DeliveryWorker after the commit.
 */
@Injectable()
export class ContactRelease {
  constructor(
    private readonly audit: AuditService,
    private readonly mail: MailTransport,
    private readonly sheetsOutbox: SheetsOutbox,
    private readonly autoReplies: AutoReplies,
  ) {}

  async release(manager: EntityManager, row: ContactSubmission, actor: Actor, now = Date.now()): Promise<void> {
    const [, released] = await manager.query<[unknown, number]>(
      'UPDATE contact_submissions SET held_as_spam = false, released_at = now() WHERE id = $1 AND held_as_spam',
      [row.id],
    );
    if (released === 0) return;
    await this.audit.record({ actor, action: 'release', submissionId: row.id, detail: { score: row.spamScore } }, manager);
    const publicUrl = this.mail.publicUrl.replace(/\/$/, '');
    await manager.query(QUEUE_LEAD_CREATED('$2::text'), [row.id, publicUrl]);
    if (this.sheetsOutbox.enabled) await this.sheetsOutbox.requeue(manager, row.id);
    await manager.query("SELECT pg_notify('lead_created', $1)", [row.id]);
    if (!this.mail.enabled) return;
    const { subject, text, html } = newLeadEmail(row, this.mail.publicUrl);
    await manager.query(QUEUE_NEW_LEAD_EMAILS, [row.id, JSON.stringify({ subject, text, html, replyTo: row.email })]);
    if (now - row.submittedAt.getTime() < AUTO_REPLY_WINDOW_MS) await this.autoReplies.queue(manager, [row]);
  }
}
