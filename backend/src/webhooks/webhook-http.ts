import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/** How much of an answer is read: enough to tell a success, never a flood into memory. */
export const MAX_ANSWER_BYTES = 4096;

export interface PostOptions {
  /** WEBHOOKS_ALLOW_PRIVATE: http: and loopback, private, link-local and metadata addresses allowed. */
  allowPrivate: boolean;
  signal: AbortSignal;
  /** Tests only: resolve names without DNS. */
  lookup?: LookupFunction;
}

/** Why a delivery was refused at connection time; never the address (the log is read by admins, the address is our network's). */
export const REFUSED_ADDRESS_REASON = 'the address is in a loopback, private, link-local or metadata range';

/** The SSRF guard refused the address the URL's host is or resolves to: trying again cannot help. */
export class RefusedAddressError extends Error {
  constructor() {
    super(REFUSED_ADDRESS_REASON);
    this.name = 'RefusedAddressError';
  }
}

/**
 * IPv4-compatible IPv6 (`::a.b.c.d`, deprecated by RFC 4291) reaches the IPv4 address on some
 * stacks, but ipaddr.js calls it unicast (public): refused with the private ranges.
 */
const IPV4_COMPATIBLE = '::/96';
// request-filtering-agent's refusals are plain Errors that say so, the resolved address in them.
const AGENT_REFUSAL = /is not allowed/;

/** Why a URL is refused before any connection, or null. */
export function urlProblem(url: string, allowPrivate: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'url must be a URL';
  }
  if (parsed.protocol === 'https:' || (allowPrivate && parsed.protocol === 'http:')) return null;
  return allowPrivate ? 'url must be an http(s) URL' : 'url must be an https URL';
}

/**
 * POSTs a JSON body and resolves with the status once at most MAX_ANSWER_BYTES of the answer
 * are read. The SSRF guard is request-filtering-agent: it checks the address each name
 * resolves to, as the socket connects (so a DNS answer cannot change between check and use),
 * and refuses loopback, private, link-local and metadata ranges unless `allowPrivate`.
 * Redirects are not followed (node:http never follows them): a 3xx is the answer.
 */
export function postJson(url: string, body: string, headers: Record<string, string>, options: PostOptions): Promise<number> {
  const problem = urlProblem(url, options.allowPrivate);
  if (problem) return Promise.reject(new Error(problem));
  const filter = {
    allowPrivateIPAddress: options.allowPrivate,
    allowMetaIPAddress: options.allowPrivate,
    denyIPAddressList: options.allowPrivate ? [] : [IPV4_COMPATIBLE],
  };
  // The scheme as the URL parser reads it (`HTTPS://` is https:), as urlProblem checked it.
  const secure = new URL(url).protocol === 'https:';
  const agent = secure ? new RequestFilteringHttpsAgent(filter) : new RequestFilteringHttpAgent(filter);
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        agent,
        signal: options.signal,
        lookup: options.lookup,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'lead-capture-webhooks',
        },
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= MAX_ANSWER_BYTES) {
            response.destroy();
            resolve(response.statusCode ?? 0);
          }
        });
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', (error) => reject(AGENT_REFUSAL.test(error.message) ? new RefusedAddressError() : error));
    request.end(body);
  }).finally(() => agent.destroy()) as Promise<number>;
}
