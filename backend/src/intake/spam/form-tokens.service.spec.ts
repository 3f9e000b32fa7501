import { describe, expect, it } from '@jest/globals';
import type { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import { FormTokens } from './form-tokens.service.js';

const config = (settings: Record<string, string>) =>
  ({ get: (key: string) => settings[key] }) as unknown as ConfigService<Environment, true>;

describe(FormTokens.name, () => {
  const tokens = new FormTokens(config({ SESSION_SECRET: 'a'.repeat(40) }));

  it('says how long ago the page obtained its token', () => {
    const { token } = tokens.issue(1_000_000);
    expect(tokens.check(token, 1_004_000)).toEqual({ state: 'valid', elapsedMs: 4_000 });
  });

  it('treats a forged, altered, foreign or day-old token as missing', () => {
    const { token } = tokens.issue(1_000_000);
    const [issued, signature] = token.split('.');
    const earlier = (1_000_000 - 60_000).toString(36);
    expect(tokens.check(`${earlier}.${signature}`, 1_004_000)).toEqual({ state: 'missing' });
    expect(tokens.check(`${issued}.x${signature.slice(1)}`, 1_004_000)).toEqual({ state: 'missing' });
    expect(new FormTokens(config({ SESSION_SECRET: 'b'.repeat(40) })).check(token, 1_004_000)).toEqual({ state: 'missing' });
    expect(tokens.check(token, 1_000_000 + 86_400_001)).toEqual({ state: 'missing' });
    expect(tokens.check(undefined)).toEqual({ state: 'missing' });
  });

  it('gives two pages loaded in the same millisecond different tokens (each is accepted once)', () => {
    const [a, b] = [tokens.issue(1_000_000).token, tokens.issue(1_000_000).token];
    expect(a).not.toBe(b);
    expect(tokens.spendKey(a, 1_004_000)).not.toBe(tokens.spendKey(b, 1_004_000));
    expect(tokens.spendKey(`${a}x`, 1_004_000)).toBeNull();
  });

  it('names the captcha to show only when one is set up', () => {
    expect(tokens.issue().captcha).toBeNull();
    const withCaptcha = new FormTokens(config({ CAPTCHA_PROVIDER: 'hcaptcha', CAPTCHA_SITE_KEY: 'k' }));
    expect(withCaptcha.issue().captcha).toEqual({ provider: 'hcaptcha', siteKey: 'k' });
  });
});
