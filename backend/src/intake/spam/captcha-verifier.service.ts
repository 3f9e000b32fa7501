import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';

const VERIFY_URLS = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
} as const;
// The visitor waits for this check: a provider slower than this is treated as unreachable.
const VERIFY_TIMEOUT_MS = 3_000;

/** What the provider said: the token is good, it is not (or missing), or the provider could not be asked. */
export type CaptchaResult = 'off' | 'passed' | 'failed' | 'unavailable';

/**
 * The optional captcha (CAPTCHA_PROVIDER): the widget's token verified server side, as both
 * Turnstile and hCaptcha take it (a form POST of secret, response and remoteip, answered
 * `{ success }`). An unreachable provider holds nothing by itself: it is logged.
 */
@Injectable()
export class CaptchaVerifier {
  private readonly logger = new Logger(CaptchaVerifier.name);
  private readonly url: string | undefined;
  private readonly secret: string | undefined;

  constructor(config: ConfigService<Environment, true>) {
    const provider = config.get('CAPTCHA_PROVIDER', { infer: true });
    this.secret = config.get('CAPTCHA_SECRET', { infer: true });
    this.url = provider && (config.get('CAPTCHA_VERIFY_URL', { infer: true }) ?? VERIFY_URLS[provider]);
  }

  async verify(token: string | undefined, clientIp: string): Promise<CaptchaResult> {
    if (!this.url || !this.secret) return 'off';
    if (!token) return 'failed';
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        body: new URLSearchParams({ secret: this.secret, response: token, remoteip: clientIp }),
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const answer = (await response.json()) as { success?: unknown };
      return answer.success === true ? 'passed' : 'failed';
    } catch (error) {
      this.logger.warn(`captcha provider unreachable, the submission is scored without it: ${String(error)}`);
      return 'unavailable';
    }
  }
}
