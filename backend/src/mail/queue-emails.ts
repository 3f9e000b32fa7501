import type { EntityManager } from 'typeorm';
import { queueDeliveries } from '../deliveries/queue-delivery.js';
import type { EmailContent } from './email-layout.js';

/** The `email` channel of the delivery engine. */
export const EMAIL_CHANNEL = 'email';

/** What an e-mail is about: its delivery's `event`. */
export type EmailKind = 'new-lead' | 'digest' | 'assigned' | 'auto-reply' | 'invitation' | 'password-reset';

export interface QueuedEmail {
  kind: EmailKind;
  to: string;
  content: EmailContent;
  /** The lead it is about: erasing the lead erases the e-mail (and a sent one's record). */
  submissionId?: string | null;
}

/** What an `email` delivery carries: the message as it will be sent, rendered when queued. */
export interface EmailPayload {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  fromName?: string;
}

/**
 * Queues e-mails in the caller's transaction (rows of `deliveries`, channel `email`), sent
 * by EmailSender. The caller checks MailTransport.enabled first (with e-mail off nothing is
 * queued) and nudges DeliveryWorker once the transaction has committed. Returns their ids.
 */
export function queueEmails(manager: EntityManager, emails: QueuedEmail[]): Promise<string[]> {
  return queueDeliveries(
    manager,
    emails.map(({ kind, to, content, submissionId }) => ({
      channel: EMAIL_CHANNEL,
      event: kind,
      payload: emailPayload(to, content),
      submissionId: submissionId ?? null,
    })),
  );
}

export function emailPayload(to: string, { subject, text, html, replyTo, fromName }: EmailContent): EmailPayload {
  return { to, subject, text, html, ...(replyTo ? { replyTo } : {}), ...(fromName ? { fromName } : {}) };
}

/**
 * Keeps the e-mails still waiting for `address` from going out (failed, with the reason):
 * disabling an account stops its e-mail at once (contract, "Accounts and roles"). In the
 * caller's transaction.
 */
export async function dropPendingEmailsTo(manager: EntityManager, address: string): Promise<void> {
  await manager.query(
    `UPDATE deliveries SET status = 'failed', last_error = 'not sent: the account was disabled'
      WHERE status = 'pending' AND channel = '${EMAIL_CHANNEL}' AND payload ->> 'to' = $1`,
    [address],
  );
}
