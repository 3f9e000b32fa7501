import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { AttemptResult, DeliverySender, DueDelivery } from '../deliveries/delivery-sender.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import { MailTransport, SMTP_CONNECTIONS } from './mail-transport.service.js';
import { EMAIL_CHANNEL, type EmailKind, type EmailPayload, ONE_TIME_LINK_EMAILS, withoutOneTimeLinks } from './queue-emails.js';

/** Anything shaped like an e-mail address, kept out of reasons (they are logged). */
const ADDRESS = /[^\s<>()[\]",;:]+@[^\s<>()[\]",;:]+/g;

/**
 * Sends one `email` delivery through MailTransport and says how it went; never throws. An
 * SMTP 5xx is a permanent refusal (not retried, the server's reply kept as the reason); a
 * 4xx, a lost connection or a timeout is tried again later. Registered while e-mail is set up.
 */
@Injectable()
export class EmailSender implements DeliverySender, OnModuleInit {
  readonly channel = EMAIL_CHANNEL;
  // One target (SMTP_URL): as many at once as the transport keeps connections.
  readonly concurrencyPerTarget = SMTP_CONNECTIONS;

  constructor(
    private readonly mail: MailTransport,
    private readonly worker: DeliveryWorker,
  ) {}

  onModuleInit(): void {
    if (this.mail.enabled) this.worker.register(this);
  }

  async send(delivery: DueDelivery): Promise<AttemptResult> {
    const { to, ...content } = delivery.payload as EmailPayload;
    try {
      // The auto-reply answers a visitor: `auto-replied`; every other e-mail here is a notification.
      const autoSubmitted = delivery.event === 'auto-reply' ? 'auto-replied' : 'auto-generated';
      const response = await this.mail.send(to, content, { autoSubmitted });
      return { outcome: 'delivered', status: smtpCode(response) };
    } catch (error) {
      return smtpFailure(error);
    }
  }

  /** An invitation, reset or confirmation keeps no usable link once sent or failed for good. */
  payloadWhenDone(delivery: DueDelivery): EmailPayload | undefined {
    if (!ONE_TIME_LINK_EMAILS.includes(delivery.event as EmailKind)) return undefined;
    return withoutOneTimeLinks(delivery.payload as EmailPayload);
  }
}

/** nodemailer's error: `responseCode` and `response` when the server answered, `code` (ECONNECTION, ETIMEDOUT, …) otherwise. */
export function smtpFailure(error: unknown): AttemptResult {
  const { responseCode, response, code, message } = (error ?? {}) as {
    responseCode?: unknown;
    response?: unknown;
    code?: unknown;
    message?: unknown;
  };
  if (typeof responseCode === 'number') {
    const reason = withoutAddresses(typeof response === 'string' ? response : `SMTP ${responseCode}`);
    return { outcome: responseCode >= 500 ? 'failed' : 'retry', reason, status: responseCode };
  }
  const what = typeof message === 'string' ? message : String(error);
  return { outcome: 'retry', reason: withoutAddresses(typeof code === 'string' ? `${code}: ${what}` : what) };
}

function smtpCode(response: string): number | undefined {
  const code = Number.parseInt(response, 10);
  return Number.isNaN(code) ? undefined : code;
}

/** A reason as it may be logged and shown: no e-mail address, at most 300 characters. */
function withoutAddresses(reason: string): string {
  return reason.replace(ADDRESS, '<address>').slice(0, 300);
}
