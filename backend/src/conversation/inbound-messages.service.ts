import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { Environment } from '../config/environment.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import { ContactSubmission } from '../leads/contact-submission.entity.js';
import { LeadDetail } from '../leads/lead-detail.service.js';
import { LeadEvents } from '../leads/lead-events.service.js';
import { noticeEmail } from '../mail/email-layout.js';
import { MailTransport } from '../mail/mail-transport.service.js';
import { queueEmails } from '../mail/queue-emails.js';
import type { InboundResultDto } from './dto/lead-message.dto.js';
import { type InboundMessage, parseInbound, replyTokensOf } from './inbound-message.js';
import type { MessageSource } from './mime-parser.js';
import { LeadMessageAttachment } from './lead-message-attachment.entity.js';
import type { MatchedBy } from './lead-message.entity.js';

/** A body that is not an e-mail message (the endpoint answers 400). */
export class NotAMessageError extends Error {}

/** How much of the reply its e-mail to the team quotes. */
const NOTICE_EXCERPT = 2000;

/**
 * Takes an incoming e-mail, raw (docs/conversation.md, "Receiving"): `POST /api/inbound/email`
 * calls `receive`, and so can a mailbox poller with each message it fetches. Matched to a lead
 * by its thread, its reply token or its sender's address; stored once per Message-ID, with its
 * attachments, the lead's new state and everyone's notice, in one transaction.
 */
@Injectable()
export class InboundMessages {
  private readonly logger = new Logger(InboundMessages.name);
  private readonly maxAttachmentBytes: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    config: ConfigService<Environment, true>,
    private readonly leads: LeadDetail,
    private readonly leadEvents: LeadEvents,
    private readonly mail: MailTransport,
    private readonly deliveries: DeliveryWorker,
  ) {
    this.maxAttachmentBytes = config.get('INBOUND_ATTACHMENT_MAX_MB', { infer: true }) * 1024 * 1024;
  }

  /**
   * Stores the message `raw` (whole, or as it streams in) with its lead; `{ stored: 0 }` when it
   * matches none or was stored before. NotAMessageError for other bytes; the source's own errors
   * (the endpoint's 413) as they are, nothing stored.
   * `claim`, when given, runs first in the same transaction (the IMAP poller advances its UID there):
   * false, and nothing is stored; the message is then taken with it or not at all.
   */
  async receive(raw: MessageSource, claim?: (manager: EntityManager) => Promise<boolean>): Promise<InboundResultDto> {
    const message = await parseInbound(raw, this.maxAttachmentBytes);
    if (!message) throw new NotAMessageError('request body must be an e-mail message (RFC 5322) with a From address');
    let notified = 0;
    const result = await this.dataSource.transaction(async (manager): Promise<InboundResultDto> => {
      if (claim && !(await claim(manager))) return { stored: 0 };
      const match = await this.match(manager, message);
      if (!match) {
        // Logged without any address: the sender is a stranger to the product.
        this.logger.log({ msg: 'inbound e-mail matched no lead: not stored', automatic: message.automatic });
        return { stored: 0 };
      }
      // The lead is locked: a teammate's message and this one take turns.
      const lead = await this.leads.find(match.leadId, manager, true);
      const id = await this.store(manager, lead.id, message, match.by);
      if (!id) return { stored: 0 };
      // Its new version too (LeadDetail.changed's), in the same statement.
      await manager.query(
        `UPDATE contact_submissions SET last_message_at = now(), awaiting_reply = $2, version = version + 1 WHERE id = $1`,
        [lead.id, !message.automatic],
      );
      notified += await this.leadEvents.message(manager, {
        leadId: lead.id,
        messageId: id,
        direction: 'in',
        automatic: message.automatic,
        heldAsSpam: lead.heldAsSpam && lead.status === 'spam',
      });
      notified += await this.leads.updatedOnly(manager, lead.id);
      if (!message.automatic && !(lead.heldAsSpam && lead.status === 'spam'))
        notified += await this.notify(manager, lead, message);
      return { stored: 1, leadId: lead.id };
    });
    if (notified > 0) this.deliveries.nudge();
    return result;
  }

  /** The lead, in order: its thread (In-Reply-To, References), its reply token, its sender's canonical address (most recent lead). */
  private async match(manager: EntityManager, message: InboundMessage): Promise<{ leadId: string; by: MatchedBy } | undefined> {
    if (message.threadIds.length > 0) {
      const [thread] = await manager.query<Array<{ id: string }>>(
        `SELECT submission_id AS id FROM lead_messages WHERE message_id = ANY($1::text[]) ORDER BY created_at DESC LIMIT 1`,
        [message.threadIds],
      );
      if (thread) return { leadId: thread.id, by: 'thread' };
    }
    const tokens = replyTokensOf(message.recipients);
    if (tokens.length > 0) {
      const [owner] = await manager.query<Array<{ id: string }>>(
        `SELECT submission_id AS id FROM lead_reply_tokens WHERE token = ANY($1::text[]) LIMIT 1`,
        [tokens],
      );
      if (owner) return { leadId: owner.id, by: 'token' };
    }
    const [person] = await manager.query<Array<{ id: string }>>(
      `SELECT id FROM contact_submissions WHERE canonical_email(email) = canonical_email($1)
        ORDER BY submitted_at DESC, id DESC LIMIT 1`,
      [message.fromAddress],
    );
    return person ? { leadId: person.id, by: 'address' } : undefined;
  }

  /** The message and its attachments; undefined when its Message-ID is stored already. */
  private async store(
    manager: EntityManager,
    leadId: string,
    message: InboundMessage,
    by: MatchedBy,
  ): Promise<string | undefined> {
    const [row] = await manager.query<Array<{ id: string }>>(
      `INSERT INTO lead_messages (submission_id, direction, from_address, to_address, subject, text, quoted_text, message_id,
                                  in_reply_to, "references", sent_at, received_at, matched_by, automatic)
       VALUES ($1, 'in', $2, $3, $4, $5, $6, $7, $8, $9, $10, now(), $11, $12)
       ON CONFLICT (message_id) DO NOTHING RETURNING id`,
      [
        leadId,
        message.from,
        message.to,
        message.subject,
        message.text,
        message.quotedText,
        message.messageId,
        message.inReplyTo,
        message.references,
        message.sentAt,
        by,
        message.automatic,
      ],
    );
    if (!row) return undefined;
    for (const attachment of message.attachments) {
      await manager.insert(LeadMessageAttachment, { messageId: row.id, ...attachment });
    }
    return row.id;
  }

  /**
   * `Reply from <name>: <subject>` to the lead's assignee, or every active member and admin
   * when it has none, whose reply e-mail is `instant`. How many were queued.
   */
  private async notify(manager: EntityManager, lead: ContactSubmission, message: InboundMessage): Promise<number> {
    if (!this.mail.enabled) return 0;
    const recipients = await manager.query<Array<{ email: string }>>(
      `SELECT email FROM users
        WHERE disabled_at IS NULL AND email IS NOT NULL AND notify_replies = 'instant' AND role IN ('member', 'admin')
          AND ($1::uuid IS NULL OR id = $1::uuid)`,
      [lead.assigneeId],
    );
    if (recipients.length === 0) return 0;
    const subject = `Reply from ${lead.name}: ${message.subject || '(no subject)'}`;
    const excerpt = message.text.length > NOTICE_EXCERPT ? `${message.text.slice(0, NOTICE_EXCERPT)}…` : message.text;
    const content = noticeEmail(subject, [`${lead.name} wrote:`, excerpt || '(no text)'], {
      href: this.mail.link(`/admin?lead=${lead.id}`),
      label: 'Open the lead',
    });
    await queueEmails(
      manager,
      recipients.map(({ email }) => ({ kind: 'reply' as const, to: email, content, submissionId: lead.id })),
    );
    return recipients.length;
  }
}
