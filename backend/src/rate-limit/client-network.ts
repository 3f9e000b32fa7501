import ipaddr from 'ipaddr.js';

// An IPv4 address as Node writes a peer's (four decimal bytes, no leading zeros): its own key,
// found without parsing (every submission computes its key; ipaddr.js tries IPv6 first).
const PLAIN_IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * What a rate limit counts a client by: an IPv4 address as it is (an IPv4-mapped IPv6
 * address, `::ffff:1.2.3.4`, as that IPv4 address), an IPv6 address by its /64 (one
 * subscriber gets a whole /64, so keying on the full address would give one client 2^64
 * budgets). Anything that is not an address (none known) is its own key.
 */
export function clientNetwork(ip: string): string {
  if (PLAIN_IPV4.test(ip)) return ip;
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip); // unwraps IPv4-mapped IPv6
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

// The host's and the local network's addresses (IPv4 and IPv6).
const OWN_RANGES = new Set(['loopback', 'private', 'linkLocal', 'uniqueLocal', 'unspecified']);

/**
 * A client's public network, for limits per network (the auto-reply's): an IPv4 address's
 * /24, an IPv6 address's /64; null for a loopback or private address (the site's own host
 * or network: an integration, the browser tests, a proxy not trusted) and for anything
 * that is not an address.
 */
export function publicNetwork(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return null;
  const address = ipaddr.process(ip);
  if (OWN_RANGES.has(address.range())) return null;
  const network = clientNetwork(ip);
  return address.kind() === 'ipv4' ? network.replace(/\.\d+$/, '.0/24') : network;
}
