import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONSENT_NOTICE } from '../consent-notice';
import { CONSENT_VERSION } from '../consent-version';

describe('CONSENT_VERSION', () => {
  it("is the first 12 hex digits of the SHA-256 of the notice's exact text", () => {
    expect(CONSENT_VERSION).toBe(createHash('sha256').update(CONSENT_NOTICE, 'utf8').digest('hex').slice(0, 12));
    expect(CONSENT_VERSION).toMatch(/^[0-9a-f]{12}$/);
  });
});
