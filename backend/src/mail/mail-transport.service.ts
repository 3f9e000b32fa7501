import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createRequire } from 'node:module';
import type { Transporter } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Environment } from '../config/environment.js';
import type { EmailContent } from './email-layout.js';

/** What marks an e-mail as sent by a machine (RFC 3834); null for a person's message. */
export type AutoSubmitted = 'auto-generated' | 'auto-replied' | null;

/** The headers of a message beyond its content: a conversation's threading, and whether a machine wrote it. */
export interface SendOptions {
  /** Default `auto-generated`. */
  autoSubmitted?: AutoSubmitted;
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
}

/** SMTP connections kept open per process: as many as e-mails sent at once (EmailSender). */
export const SMTP_CONNECTIONS = 4;

/**
 * The SMTP client made from SMTP_URL (nodemailer: STARTTLS when the server offers it,
 * implicit TLS for smtps://, AUTH with the URL's user and password), or nothing when e-mail
 * is not set up. Every wait is bounded, so an unreachable server costs seconds, not minutes.
 * Connections are pooled and reused, so a burst of leads does not pay a TLS handshake and
 * AUTH per e-mail (about twice the e-mails per second against a local server).
 */
@Injectable()
export class MailTransport implements OnModuleDestroy {
  private readonly transporter: Transporter<SMTPTransport.SentMessageInfo> | undefined;
  readonly from: string | undefined;
  /** The site's origin (PUBLIC_URL), which the environment requires whenever e-mail is set up. */
  readonly publicUrl: string;

  constructor(config: ConfigService<Environment, true>) {
    const url = config.get('SMTP_URL', { infer: true });
    this.transporter = url
      ? loadNodemailer().createTransport({
          url,
          pool: true,
          maxConnections: SMTP_CONNECTIONS,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        })
      : undefined;
    this.from = config.get('MAIL_FROM', { infer: true });
    this.publicUrl = config.get('PUBLIC_URL', { infer: true }) ?? '';
  }

  /**
   * A link to a page of the site, from PUBLIC_URL alone: never from a request's Host, Origin
   * or X-Forwarded-* (a stranger names those, and would receive the token of a genuine
   * e-mail). Without PUBLIC_URL (then e-mail is off) the link is relative; the dashboard,
   * which shows it to copy, completes it with its own origin.
   */
  link(pathAndHash: string): string {
    return this.publicUrl ? new URL(pathAndHash, this.publicUrl).href : pathAndHash;
  }

  /** Whether e-mail is set up (SMTP_URL and MAIL_FROM). */
  get enabled(): boolean {
    return this.transporter !== undefined && this.from !== undefined;
  }

  /** MAIL_FROM's address (without its name). */
  get fromAddress(): string | undefined {
    return this.from === undefined ? undefined : addressOf(this.from);
  }

  /** MAIL_FROM's name, or undefined when it is a bare address. */
  get fromName(): string | undefined {
    if (this.from === undefined) return undefined;
    const [first] = addressparser(this.from, { flatten: true });
    return first?.name || undefined;
  }

  /**
   * Sends one e-mail; resolves with the SMTP server's reply to it, rejects with its refusal.
   * Every e-mail the product writes on its own carries `Auto-Submitted: auto-generated` (the
   * auto-reply `auto-replied`), so that two systems never answer each other (RFC 3834); a
   * message a person writes to a lead (`autoSubmitted: null`) carries none.
   */
  async send(to: string, content: EmailContent, options: SendOptions = {}): Promise<string> {
    if (!this.transporter || !this.from) throw new Error('e-mail is not set up');
    const autoSubmitted = options.autoSubmitted === undefined ? 'auto-generated' : options.autoSubmitted;
    const info = await this.transporter.sendMail({
      // nodemailer quotes and encodes the name: it cannot add a header.
      from: content.fromName ? { name: content.fromName, address: addressOf(this.from) } : this.from,
      to,
      replyTo: content.replyTo,
      subject: content.subject,
      text: content.text,
      // Empty for a plain-text-only e-mail (the security notices): no HTML part then.
      html: content.html || undefined,
      ...(options.messageId ? { messageId: options.messageId } : {}),
      ...(options.inReplyTo ? { inReplyTo: options.inReplyTo } : {}),
      ...(options.references?.length ? { references: options.references } : {}),
      headers: autoSubmitted ? { 'Auto-Submitted': autoSubmitted } : {},
    });
    return info.response;
  }

  onModuleDestroy(): void {
    this.transporter?.close();
  }
}

/**
 * nodemailer (about 0.15 CPU-s and 40 modules), loaded when SMTP_URL is set: an app without
 * e-mail, as most tests' apps are, never loads it. With e-mail, it loads at start-up as before,
 * so the first send does not wait for it.
 */
function loadNodemailer(): typeof import('nodemailer') {
  return createRequire(import.meta.url)('nodemailer') as typeof import('nodemailer');
}

/** The address of MAIL_FROM (`Name <address>` or a bare address). */
function addressOf(from: string): string {
  const [first] = addressparser(from, { flatten: true });
  return first?.address || from;
}
