import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { notifyLive } from '../common/live-event.js';
import type { Environment } from '../config/environment.js';
import type { AttemptResult, DeliverySender, DueDelivery } from '../deliveries/delivery-sender.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import { smtpFailure } from '../mail/email-sender.service.js';
import { MailTransport, SMTP_CONNECTIONS } from '../mail/mail-transport.service.js';
import { LEAD_MESSAGE_CHANNEL, type LeadMessagePayload } from './outgoing-message.js';

/**
 * Sends a teammate's message (`lead-message` deliveries) through MailTransport, as a person's
 * e-mail (no Auto-Submitted), threaded by its Message-ID, In-Reply-To and References, and
 * keeps its state: `sent` once the SMTP server accepted it, `failed` when it refused it for
 * good or the retries ran out. Each change of state reaches the dashboards (`lead.message`).
 * Registered while e-mail is set up.
 */
@Injectable()
export class ReplySender implements DeliverySender, OnModuleInit {
  readonly channel = LEAD_MESSAGE_CHANNEL;
  readonly concurrencyPerTarget = SMTP_CONNECTIONS;
  private readonly maxAttempts: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailTransport,
    private readonly worker: DeliveryWorker,
    config: ConfigService<Environment, true>,
  ) {
    this.maxAttempts = config.get('DELIVERY_MAX_ATTEMPTS', { infer: true });
  }

  onModuleInit(): void {
    if (this.mail.enabled) this.worker.register(this);
  }

  async send(delivery: DueDelivery): Promise<AttemptResult> {
    const message = delivery.payload as LeadMessagePayload;
    let result: AttemptResult;
    try {
      const response = await this.mail.send(
        message.to,
        {
          subject: message.subject,
          text: message.text,
          html: message.html,
          replyTo: message.replyTo,
          fromName: message.fromName,
        },
        { autoSubmitted: null, messageId: message.messageId, inReplyTo: message.inReplyTo, references: message.references },
      );
      const code = Number.parseInt(response, 10);
      result = { outcome: 'delivered', status: Number.isNaN(code) ? undefined : code };
    } catch (error) {
      result = smtpFailure(error);
    }
    const lastAttempt = delivery.attempts + 1 >= this.maxAttempts;
    const state = result.outcome === 'delivered' ? 'sent' : result.outcome === 'failed' || lastAttempt ? 'failed' : undefined;
    // The attempt's outcome is recorded by the worker whatever happens here (a database gone now is logged there).
    if (state) await this.keepState(message, state).catch(() => undefined);
    return result;
  }

  private async keepState(message: LeadMessagePayload, state: 'sent' | 'failed'): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE lead_messages SET state = $2::varchar, sent_at = CASE WHEN $2::varchar = 'sent' THEN now() ELSE sent_at END WHERE id = $1`,
        [message.messageRowId, state],
      );
      await notifyLive(manager, { type: 'lead.message', ids: [message.leadId] });
    });
  }
}
