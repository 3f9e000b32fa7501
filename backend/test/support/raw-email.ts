import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import request from 'supertest';
import type { TestApp } from './test-app.js';

/** A raw RFC 5322 message, as a lead's mail client would write it (nodemailer's MailComposer). */
export function rawEmail(options: Mail.Options): Promise<Buffer> {
  return new MailComposer({ date: new Date(), ...options }).compile().build();
}

/** The inbound endpoint's secret in the tests. */
export const INBOUND_SECRET = 'an-inbound-secret-of-at-least-32-characters';

/** Posts a raw message to `POST /api/inbound/email` with the secret. */
export function postInbound(sut: TestApp, raw: Buffer, secret = INBOUND_SECRET) {
  return request(sut.server)
    .post('/api/inbound/email')
    .set('Authorization', `Bearer ${secret}`)
    .set('Content-Type', 'message/rfc822')
    .send(raw);
}
