import { randomBytes, randomUUID } from 'node:crypto';
import { ConflictException, Injectable, PreconditionFailedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import type { Environment } from '../config/environment.js';
import { queueDeliveries } from '../deliveries/queue-delivery.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import type { Account } from '../identity/session-user.js';
import { User } from '../identity/user.entity.js';
import { ContactSubmission } from '../leads/contact-submission.entity.js';
import { recordFirstResponses } from '../leads/first-response.js';
import { LeadDetail } from '../leads/lead-detail.service.js';
import { LeadEvents } from '../leads/lead-events.service.js';
import { ifMatchHolds } from '../leads/lead-version.js';
import { ResponseTimeSettingsService } from '../leads/response-time-settings.service.js';
import { MailTransport } from '../mail/mail-transport.service.js';
import type { SendMessageDto } from './dto/send-message.dto.js';
import { LeadMessageDto } from './dto/lead-message.dto.js';
import { LeadMessage } from './lead-message.entity.js';
import { LeadReplyToken } from './lead-reply-token.entity.js';
import {
  DEFAULT_SUBJECT,
  LEAD_MESSAGE_CHANNEL,
  type LeadMessagePayload,
  messageContent,
  newMessageId,
  replyAddress,
  replySubject,
  senderName,
} from './outgoing-message.js';

/** How many ids of a thread's References a message carries (the first and the latest). */
const MAX_REFERENCES = 20;

/**
 * A teammate's e-mail to a lead (docs/conversation.md, "Sending"): stored as an outgoing
 * message and queued in the outbox in one transaction; the lead's first answer (status
 * `contacted`, firstRespondedAt), its new version and its events go with it.
 */
@Injectable()
export class MessageSending {
  private readonly replyTo: string | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    config: ConfigService<Environment, true>,
    private readonly mail: MailTransport,
    private readonly leads: LeadDetail,
    private readonly leadEvents: LeadEvents,
    private readonly audit: AuditService,
    private readonly responseTime: ResponseTimeSettingsService,
    private readonly deliveries: DeliveryWorker,
  ) {
    this.replyTo = config.get('REPLY_ADDRESS', { infer: true });
  }

  /**
   * Sends `input` to the lead as `account`: 409 without e-mail or for a held lead, 404 for an
   * unknown one, 412 (with its current detail) when `ifMatch` names an older version. The
   * message and the lead's new version.
   */
  async send(
    leadId: string,
    input: SendMessageDto,
    account: Account,
    ifMatch?: string,
  ): Promise<{ message: LeadMessageDto; version: number }> {
    if (!this.mail.enabled) throw new ConflictException('E-mail is not set up (SMTP_URL is not set): nothing can be sent');
    const sent = await this.dataSource.transaction(async (manager) => {
      const lead = await this.leads.find(leadId, manager, true);
      if (ifMatch !== undefined && !ifMatchHolds(ifMatch, lead.version)) {
        throw new PreconditionFailedException(await this.leads.of(lead.id, manager));
      }
      if (lead.heldAsSpam && lead.status === 'spam') {
        throw new ConflictException('This lead is held as spam: release it ("Not spam") before writing to it');
      }
      const message = await this.store(manager, lead, input, account);
      await this.firstAnswer(manager, lead, account);
      await manager.update(ContactSubmission, { id: lead.id }, { lastMessageAt: message.createdAt, awaitingReply: false });
      await this.leadEvents.message(manager, {
        leadId: lead.id,
        messageId: message.id,
        direction: 'out',
        automatic: false,
        heldAsSpam: false,
      });
      const { detail } = await this.leads.changed(manager, lead.id);
      return { message: LeadMessageDto.from(message, [], new Map([[account.id, account.displayName]])), version: detail.version };
    });
    this.deliveries.nudge();
    return sent;
  }

  /** The message row and its delivery: threaded on the lead's last message when the lead has written. */
  private async store(
    manager: EntityManager,
    lead: ContactSubmission,
    input: SendMessageDto,
    account: Account,
  ): Promise<LeadMessage> {
    const sender = await manager.findOneOrFail(User, { where: { id: account.id } });
    const last = await manager.findOne(LeadMessage, {
      // The lead's own last message: an out-of-office or a bounce is no thread to answer in.
      where: { submissionId: lead.id, direction: 'in', automatic: false },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    const subject = last ? replySubject(last.subject) : input.subject || DEFAULT_SUBJECT;
    const references = last ? [...(last.references?.split(' ') ?? []), last.messageId].slice(-MAX_REFERENCES) : [];
    const fromAddress = this.mail.fromAddress as string;
    const fromName = senderName(sender.displayName, this.mail.fromName);
    const messageId = newMessageId(randomUUID(), fromAddress);
    const replyTo = this.replyTo ? replyAddress(this.replyTo, await this.replyToken(manager, lead.id)) : undefined;
    const content = messageContent(subject, input.body, sender.signature);
    const { identifiers } = await manager.insert(LeadMessage, {
      submissionId: lead.id,
      direction: 'out',
      authorId: account.id,
      from: `${fromName} <${fromAddress}>`,
      to: lead.email,
      subject,
      text: input.body,
      quotedText: null,
      messageId,
      inReplyTo: last?.messageId ?? null,
      references: references.length ? references.join(' ') : null,
      state: 'queued',
    });
    const message = await manager.findOneByOrFail(LeadMessage, { id: (identifiers[0] as { id: string }).id });
    const payload: LeadMessagePayload = {
      messageRowId: message.id,
      leadId: lead.id,
      to: lead.email,
      fromName,
      ...(replyTo ? { replyTo } : {}),
      subject,
      ...content,
      messageId,
      ...(last ? { inReplyTo: last.messageId, references } : {}),
    };
    await queueDeliveries(manager, [{ channel: LEAD_MESSAGE_CHANNEL, event: 'message', payload, submissionId: lead.id }]);
    return message;
  }

  /** The lead's token (160 random bits), made with its first message. */
  private async replyToken(manager: EntityManager, leadId: string): Promise<string> {
    const existing = await manager.findOneBy(LeadReplyToken, { submissionId: leadId });
    if (existing) return existing.token;
    const token = randomBytes(20).toString('hex');
    await manager.insert(LeadReplyToken, { submissionId: leadId, token });
    return token;
  }

  /**
   * The first message to a `new` lead answers it: status `contacted` (history: the status
   * event with `via: "reply"`), firstRespondedAt and its business minutes; a lead no longer
   * new is never escalated (the response-time scan takes `new` leads only).
   */
  private async firstAnswer(manager: EntityManager, lead: ContactSubmission, account: Account): Promise<void> {
    if (lead.status !== 'new') return;
    await manager.update(
      ContactSubmission,
      { id: lead.id },
      { status: 'contacted', statusChangedAt: () => 'now()', statusChangedBy: account.username },
    );
    await recordFirstResponses(manager, [lead], 'contacted', await this.responseTime.read(manager));
    await this.audit.record(
      { actor: account, action: 'status', submissionId: lead.id, detail: { from: 'new', to: 'contacted', via: 'reply' } },
      manager,
    );
  }
}
