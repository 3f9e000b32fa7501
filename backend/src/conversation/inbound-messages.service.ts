import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { Environment } from '../config/environment.js';
import { preparedQuery } from '../database/prepared-query.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import { LeadDetail } from '../leads/lead-detail.service.js';
import { LeadEvents } from '../leads/lead-events.service.js';
import { noticeEmail } from '../mail/email-layout.js';
import { MailTransport } from '../mail/mail-transport.service.js';
import { queueEmails } from '../mail/queue-emails.js';
import type { InboundResultDto } from './dto/lead-message.dto.js';
import { storeInboundSql } from './inbound-store.sql.js';
import { type InboundMessage, parseInbound, replyTokensOf } from './inbound-message.js';
import type { MessageSource } from './mime-parser.js';
import type { MatchedBy } from './lead-message.entity.js';

/** A body that is not an e-mail message (the endpoint answers 400). */
export class NotAMessageError extends Error {}

/** The lead an incoming message matched, as storing it and telling the team need it. */
interface MatchedLead {
  id: string;
  name: string;
  assigneeId: string | null;
  /** Held as spam (and still so): only the dashboards hear of its messages. */
  heldAsSpam: boolean;
  matchedBy: MatchedBy;
}

/** What the storing statement answers for a matched lead (inbound-store.sql.ts). */
type StoredRow = MatchedLead & { messageId: string | null };

/** The most attachments of a message whose storing statement is a prepared one (one per count, on each connection). */
const PREPARED_FILES_MAX = 4;

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
      const matched = await this.matchAndStore(manager, message);
      if (!matched) {
        // Logged without any address: the sender is a stranger to the product.
        this.logger.log({ msg: 'inbound e-mail matched no lead: not stored', automatic: message.automatic });
        return { stored: 0 };
      }
      const { lead, messageId: id } = matched;
      if (!id) return { stored: 0 };
      notified += await this.leadEvents.message(manager, {
        leadId: lead.id,
        messageId: id,
        direction: 'in',
        automatic: message.automatic,
        heldAsSpam: lead.heldAsSpam,
        // The lead's new version came with the message (store): the channels announce it with it.
        changed: this.leads.changedLead(manager, lead.id),
      });
      if (!message.automatic && !lead.heldAsSpam) notified += await this.notify(manager, lead, message);
      return { stored: 1, leadId: lead.id };
    });
    if (notified > 0) this.deliveries.nudge();
    return result;
  }

  /**
   * The message matched to its lead, the lead locked, the message stored with its attachments
   * and the lead's new state — `lastMessageAt`, `awaitingReply` and its version (as
   * LeadDetail.changed's) — in one statement (inbound-store.sql.ts). Undefined when no lead
   * matches; `messageId` undefined when the Message-ID is stored already (nothing stored then).
   * Each attachment's content is a parameter of its own, sent as binary: never written out as text.
   */
  private async matchAndStore(
    manager: EntityManager,
    message: InboundMessage,
  ): Promise<{ lead: MatchedLead; messageId: string | undefined } | undefined> {
    const values: unknown[] = [
      message.threadIds,
      replyTokensOf(message.recipients),
      message.fromAddress,
      message.from,
      message.to,
      message.subject,
      message.text,
      message.quotedText,
      message.messageId,
      message.inReplyTo,
      message.references,
      message.sentAt,
      message.automatic,
    ];
    for (const { filename, contentType, size, content } of message.attachments) values.push(filename, contentType, size, content);
    const files = message.attachments.length;
    const sql = storeInboundSql(files);
    // Prepared once per connection: the statement most replies run, planned once (up to a few files).
    const [row] =
      files <= PREPARED_FILES_MAX
        ? await preparedQuery<StoredRow>(manager, `inbound-store-${files}`, sql, values)
        : await manager.query<StoredRow[]>(sql, values);
    if (!row) return undefined;
    const { messageId, ...lead } = row;
    return { lead, messageId: messageId ?? undefined };
  }

  /**
   * `Reply from <name>: <subject>` to the lead's assignee, or every active member and admin
   * when it has none, whose reply e-mail is `instant`. How many were queued.
   */
  private async notify(manager: EntityManager, lead: MatchedLead, message: InboundMessage): Promise<number> {
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
