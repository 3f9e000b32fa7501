import { describe, expect, it } from '@jest/globals';
import { failureDelayMs, throttleKeys } from './sign-in-throttle.js';

describe(failureDelayMs.name, () => {
  it('waits nothing before a first failure, then 250 ms doubling up to 2 s', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(failureDelayMs)).toEqual([0, 250, 500, 1000, 2000, 2000, 2000]);
  });
});

describe(throttleKeys.name, () => {
  it('keys each subject apart', () => {
    expect(throttleKeys('192.0.2.1', 'account:u1').user).not.toBe(throttleKeys('192.0.2.1', 'account:u2').user);
  });

  it('keeps an IPv6 address and a username with colons apart', () => {
    expect(throttleKeys('2001:db8::1', 'x').pair).not.toBe(throttleKeys('2001:db8:', ':1:x').pair);
  });

  it('keys an IPv6 client on its /64 and an IPv4-mapped address as its IPv4 address', () => {
    expect(throttleKeys('2001:db8:0:1:a::1', 'x')).toEqual(throttleKeys('2001:db8:0:1:b::2', 'x'));
    expect(throttleKeys('2001:db8:0:1::1', 'x').ip).not.toBe(throttleKeys('2001:db8:0:2::1', 'x').ip);
    expect(throttleKeys('::ffff:192.0.2.1', 'x')).toEqual(throttleKeys('192.0.2.1', 'x'));
  });
});
