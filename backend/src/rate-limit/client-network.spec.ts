import { describe, expect, it } from '@jest/globals';
import { clientNetwork, publicNetwork } from './client-network.js';

describe('clientNetwork, the key a rate limit counts a client by', () => {
  it('keys an IPv6 client on its /64, however the address is written', () => {
    expect(clientNetwork('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002:ffff:ffff:ffff:fffe')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:DB8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetwork('::1')).toBe('::/64');
  });

  it('keys IPv4 and IPv4-mapped IPv6 on the IPv4 address', () => {
    expect(clientNetwork('198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetwork('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetwork('::FFFF:c633:6407')).toBe('198.51.100.7');
  });

  it('keeps anything that is not an address as it is', () => {
    expect(clientNetwork('')).toBe('');
    expect(clientNetwork('unknown')).toBe('unknown');
  });
});

describe('publicNetwork, the network a limit per network counts', () => {
  it('is the /24 of a public IPv4 address (mapped or not) and the /64 of a public IPv6 one', () => {
    expect(publicNetwork('203.0.113.7')).toBe('203.0.113.0/24');
    expect(publicNetwork('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(publicNetwork('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
  });

  it("is none for the site's own host or network, and for what is not an address", () => {
    for (const ip of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.9', 'fd00::1', 'fe80::1', 'unknown'])
      expect(publicNetwork(ip)).toBeNull();
  });
});
