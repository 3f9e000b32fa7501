import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { calcomSignatureValid, calendlySignatureValid } from './calendar-signatures.js';

const KEY = 'a signing key of 32 characters or more';
const body = Buffer.from('{"event":"invitee.created"}');
const now = new Date('2030-01-01T00:00:00Z');
const t = now.getTime() / 1000;
const v1 = (at: number, key = KEY) => createHmac('sha256', key).update(`${at}.${body.toString()}`).digest('hex');

describe(calendlySignatureValid.name, () => {
  it('takes a signature of the last 3 minutes, in any order of its parts', () => {
    expect(calendlySignatureValid(KEY, body, `t=${t},v1=${v1(t)}`, now)).toBe(true);
    expect(calendlySignatureValid(KEY, body, `v1=${v1(t - 180)}, t=${t - 180}`, now)).toBe(true);
  });

  it('refuses a stale or future one, another key, another body, or a malformed header', () => {
    expect(calendlySignatureValid(KEY, body, `t=${t - 181},v1=${v1(t - 181)}`, now)).toBe(false);
    expect(calendlySignatureValid(KEY, body, `t=${t + 181},v1=${v1(t + 181)}`, now)).toBe(false);
    expect(calendlySignatureValid(KEY, body, `t=${t},v1=${v1(t, 'another key of 32 characters or more')}`, now)).toBe(false);
    expect(calendlySignatureValid(KEY, Buffer.from('{}'), `t=${t},v1=${v1(t)}`, now)).toBe(false);
    for (const header of [undefined, '', `t=${t}`, `v1=${v1(t)}`, `t=soon,v1=${v1(t)}`, `t=${t},v1=xyz`]) {
      expect(calendlySignatureValid(KEY, body, header, now)).toBe(false);
    }
  });
});

describe(calcomSignatureValid.name, () => {
  it('takes the hex HMAC of the raw body, and nothing else', () => {
    const good = createHmac('sha256', KEY).update(body).digest('hex');
    expect(calcomSignatureValid(KEY, body, good)).toBe(true);
    expect(calcomSignatureValid(KEY, body, good.toUpperCase())).toBe(true);
    expect(calcomSignatureValid(KEY, body, good.slice(2))).toBe(false);
    expect(calcomSignatureValid(KEY, body, `sha256=${good}`)).toBe(false);
    expect(calcomSignatureValid(KEY, body, undefined)).toBe(false);
  });
});
