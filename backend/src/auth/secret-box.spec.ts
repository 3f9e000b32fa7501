import { describe, expect, it } from '@jest/globals';
import { SecretBox } from './secret-box.js';

describe(SecretBox.name, () => {
  const sut = new SecretBox('a session secret of thirty-two characters or more', 'totp-secret');

  it('opens what it sealed, and the sealed text shows nothing of it', () => {
    const sealed = sut.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sut.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(sut.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
  });

  it('opens nothing sealed under another secret or purpose, altered, or malformed', () => {
    const sealed = sut.seal('JBSWY3DPEHPK3PXP');
    expect(new SecretBox('another session secret of thirty-two characters', 'totp-secret').open(sealed)).toBeNull();
    expect(new SecretBox('a session secret of thirty-two characters or more', 'other').open(sealed)).toBeNull();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('KBSWY3DPEHPK3PXP').toString('base64url');
    expect(sut.open(parts.join('.'))).toBeNull();
    expect(sut.open('not sealed')).toBeNull();
  });
});
