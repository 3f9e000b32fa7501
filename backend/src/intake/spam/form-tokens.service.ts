import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { DEV_SESSION_SECRET } from '../../config/development-secrets.js';
import type { FormTokenDto } from '../dto/form-token.dto.js';

/** A form sent sooner than this after its page loaded was not typed by a person. */
export const TOO_FAST_MS = 3_000;
// A token older than a day is treated as missing (a page left open that long is rare; an old token reused by a bot is not).
export const TOKEN_LIFETIME_MS = 86_400_000;
// 8 random bytes (11 base64url characters) begin the signature's part: a token is accepted
// once, so two pages loaded in the same millisecond must not get the same token.
const SALT_LENGTH = 11;

/** What the form's token says: missing (or forged, or expired), or how long ago the page obtained it. */
export type FormTiming = { state: 'missing' } | { state: 'valid'; elapsedMs: number };

/**
 * The form's timing token: the time the page loaded, signed (HMAC-SHA256 with a key derived
 * from SESSION_SECRET), so a bot cannot claim it waited. Any replica checks it; that it is
 * used once is kept in the database (AdmissionBatcher), so a bot cannot reuse one token
 * for a day of posts.
 */
@Injectable()
export class FormTokens {
  private readonly key: Buffer;

  constructor(private readonly config: ConfigService<Environment, true>) {
    const secret = config.get('SESSION_SECRET', { infer: true }) ?? DEV_SESSION_SECRET;
    this.key = createHmac('sha256', secret).update('contact-form-token').digest();
  }

  issue(now = Date.now()): FormTokenDto {
    const provider = this.config.get('CAPTCHA_PROVIDER', { infer: true });
    const siteKey = this.config.get('CAPTCHA_SITE_KEY', { infer: true });
    const issued = now.toString(36);
    const salt = randomBytes(8).toString('base64url');
    return {
      token: `${issued}.${salt}${this.sign(issued, salt)}`,
      captcha: provider && siteKey ? { provider, siteKey } : null,
    };
  }

  check(token: string | undefined, now = Date.now()): FormTiming {
    const [issued, signed, extra] = (token ?? '').split('.');
    if (!issued || !signed || extra !== undefined) return { state: 'missing' };
    const expected = Buffer.from(this.sign(issued, signed.slice(0, SALT_LENGTH)));
    const given = Buffer.from(signed.slice(SALT_LENGTH));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { state: 'missing' };
    const elapsedMs = now - parseInt(issued, 36);
    if (!(elapsedMs >= 0 && elapsedMs <= TOKEN_LIFETIME_MS)) return { state: 'missing' };
    return { state: 'valid', elapsedMs };
  }

  /**
   * The key under which a token that verifies is spent (AdmissionBatcher: accepted once), or
   * null for none, a forged or an expired one (those read as missing anyway, and must not
   * fill the table).
   */
  spendKey(token: string | undefined, now = Date.now()): string | null {
    if (this.check(token, now).state !== 'valid') return null;
    return `form-token:${token!.split('.')[1]}`;
  }

  private sign(issued: string, salt: string): string {
    return createHmac('sha256', this.key).update(`${issued}.${salt}`).digest('base64url');
  }
}
