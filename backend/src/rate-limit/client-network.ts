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
