import type { EntityManager } from 'typeorm';
import { queueDeliveries } from '../deliveries/queue-delivery.js';
import type { EmailContent } from './email-layout.js';

/** The `email` channel of the delivery engine. */
export const EMAIL_CHANNEL = 'email';

/** What an e-mail is about: its delivery's `event`. */
export type EmailKind =
  | 'new-lead'
  | 'digest'
  | 'assigned'
  | 'auto-reply'
  | 'invitation'
  | 'password-reset'
  | 'email-confirm'
  | 'email-changed'
  | 'email-taken'
  | 'security-notice'
  | 'overdue'
  | 'follow-up'
  | 'reply'
  | 'meeting-booked';

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

/** The e-mails that carry a one-time link (a token that opens an account or a door into it). */
export const ONE_TIME_LINK_EMAILS: readonly EmailKind[] = ['invitation', 'password-reset', 'email-confirm'];

/**
 * A one-time link's token in an e-mail: `/admin/<page>#<id>.<secret>`. Once the e-mail is sent
 * (or failed for good) the outbox keeps the link without it, so that neither a backup nor a
 * read of `deliveries` yields a usable link. The same pattern in JavaScript and PostgreSQL.
 */
const ONE_TIME_LINK = String.raw`(/admin/(invite|reset|confirm-email))#[A-Za-z0-9._-]+`;
const LINK_REMOVED = '#removed-once-sent';

export function withoutOneTimeLinks(payload: EmailPayload): EmailPayload {
  const scrub = (text: string) => text.replace(new RegExp(ONE_TIME_LINK, 'g'), `$1${LINK_REMOVED}`);
  return { ...payload, text: scrub(payload.text), html: scrub(payload.html) };
}

/**
 * Keeps the e-mails still waiting for `address` from going out (failed, with the reason, and
 * their one-time links removed):
 * disabling an account stops its e-mail at once (docs/team-and-privacy.md). In the
 * caller's transaction.
 */
export async function dropPendingEmailsTo(manager: EntityManager, address: string): Promise<void> {
  await manager.query(
    `UPDATE deliveries SET status = 'failed', last_error = 'not sent: the account was disabled',
            payload = CASE WHEN event = ANY($2::text[]) THEN regexp_replace(payload::text, $3, $4, 'g')::jsonb ELSE payload END
      WHERE status = 'pending' AND channel = '${EMAIL_CHANNEL}' AND payload ->> 'to' = $1`,
    [address, ONE_TIME_LINK_EMAILS, ONE_TIME_LINK, `\\1${LINK_REMOVED}`],
  );
}
