import { describe, expect, it } from '@jest/globals';
import { browserName, securityNoticeEmail } from './security-notice-email.js';

describe('security notices', () => {
  it('shows a browser name as one line of at most 200 characters', () => {
    expect(browserName('Mozilla/5.0\r\nBcc: victim@example.com\u2028x\u202eyz')).toBe(
      'Mozilla/5.0  Bcc: victim@example.com x yz',
    );
    expect(browserName('a'.repeat(1000))).toHaveLength(200);
    expect(browserName(' \t')).toBe('unknown');
  });

  it('is plain text only: no HTML part for a stranger’s text to land in', () => {
    const mail = securityNoticeEmail(
      { kind: 'recovery-code-used', left: 3 },
      { ip: '192.0.2.1', userAgent: '<script>alert(1)</script>' },
      new Date('2030-01-02T03:04:05.678Z'),
      'UTC',
      'https://leads.example.com/admin',
    );

    expect(mail.html).toBe('');
    expect(mail.text).toContain('3 recovery codes are left');
    expect(mail.text).toMatch(
      /Time: Wed,? 2 Jan 2030, 03:04 UTC\nIP address: 192\.0\.2\.1\nBrowser: <script>alert\(1\)<\/script>/,
    );
  });
});
