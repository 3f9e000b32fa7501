import { createHmac, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { DEV_SESSION_SECRET } from '../../config/development-secrets.js';
import type { FormTokenDto } from '../dto/form-token.dto.js';

/** A form sent sooner than this after its page loaded was not typed by a person. */
export const TOO_FAST_MS = 3_000;
// A token older than a day is treated as missing (a page left open that long is rare; an old token reused by a bot is not).
const TOKEN_LIFETIME_MS = 86_400_000;

/** What the form's token says: missing (or forged, or expired), or how long ago the page obtained it. */
export type FormTiming = { state: 'missing' } | { state: 'valid'; elapsedMs: number };

/**
 * The form's timing token: the time the page loaded, signed (HMAC-SHA256 with a key derived
 * from SESSION_SECRET), so a bot cannot claim it waited. Stateless: any replica checks it.
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
    return {
      token: `${issued}.${this.sign(issued)}`,
      captcha: provider && siteKey ? { provider, siteKey } : null,
    };
  }

  check(token: string | undefined, now = Date.now()): FormTiming {
    const [issued, signature, extra] = (token ?? '').split('.');
    if (!issued || !signature || extra !== undefined) return { state: 'missing' };
    const expected = Buffer.from(this.sign(issued));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { state: 'missing' };
    const elapsedMs = now - parseInt(issued, 36);
    if (!(elapsedMs >= 0 && elapsedMs <= TOKEN_LIFETIME_MS)) return { state: 'missing' };
    return { state: 'valid', elapsedMs };
  }

  private sign(issued: string): string {
    return createHmac('sha256', this.key).update(issued).digest('base64url');
  }
}
