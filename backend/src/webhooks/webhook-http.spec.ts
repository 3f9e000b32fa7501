import { createServer, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { postJson, REFUSED_ADDRESS_REASON, RefusedAddressError, urlProblem } from './webhook-http.js';

// Each call's own time limit, counted from the call: one made when the file loads would run
// down while the tests before it run (and fail a later one on a loaded machine).
const guarded = () => ({ allowPrivate: false, signal: AbortSignal.timeout(5_000) });

describe('the SSRF guard of webhook deliveries (WEBHOOKS_ALLOW_PRIVATE unset)', () => {
  let server: Server;
  let hits = 0;
  let port = 0;
  let connections = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits += 1;
      res.writeHead(req.url === '/redirect' ? 302 : 200, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    });
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it.each([
    ['127.0.0.1', () => `https://127.0.0.1:${port}/`],
    ['[::1]', () => `https://[::1]:${port}/`],
    ['169.254.169.254', () => 'https://169.254.169.254/latest/meta-data/'],
  ])('refuses %s before sending anything', async (_, url) => {
    await expect(postJson(url(), '{}', {}, guarded())).rejects.toThrow(RefusedAddressError);
    expect(hits).toBe(0);
  });

  it.each([
    ['::7f00:1 (127.0.0.1)', () => `https://[::7f00:1]:${port}/`],
    ['::a00:1 (10.0.0.1)', () => 'https://[::a00:1]/'],
    ['::a9fe:a9fe (169.254.169.254)', () => 'https://[::a9fe:a9fe]/latest/meta-data/'],
  ])('refuses the IPv4-compatible IPv6 address %s as private', async (_, url) => {
    await expect(postJson(url(), '{}', {}, guarded())).rejects.toThrow(RefusedAddressError);
    expect(hits).toBe(0);
  });

  it('refuses a name that resolves to a private address (10.0.0.1), naming no address', async () => {
    const lookup = ((_host, options, callback) =>
      (options as { all?: boolean }).all
        ? callback(null, [{ address: '10.0.0.1', family: 4 }])
        : (callback as unknown as (error: null, address: string, family: number) => void)(null, '10.0.0.1', 4)) as LookupFunction;
    const refusal = postJson('https://hooks.internal.example/', '{}', {}, { ...guarded(), lookup });
    await expect(refusal).rejects.toThrow(RefusedAddressError);
    await expect(refusal).rejects.toThrow(REFUSED_ADDRESS_REASON);
    await expect(refusal).rejects.not.toThrow(/10\.0\.0\.1|hooks\.internal/);
  });

  it('takes the scheme from the parsed URL, in any case: HTTPS:// is a TLS connection', async () => {
    connections = 0;
    // The test server speaks plain HTTP, so the TLS handshake fails; what matters is that it was tried.
    await expect(postJson(`HTTPS://127.0.0.1:${port}/`, '{}', {}, { ...guarded(), allowPrivate: true })).rejects.toThrow(
      /SSL|TLS|EPROTO|wrong version/i,
    );
    expect(connections).toBe(1);
    expect(await postJson(`HTTP://127.0.0.1:${port}/`, '{}', {}, { ...guarded(), allowPrivate: true })).toBe(200);
    await expect(postJson(`HtTpS://127.0.0.1:${port}/`, '{}', {}, guarded())).rejects.toThrow(RefusedAddressError);
  });

  it('refuses http: and anything that is not a URL', () => {
    expect(urlProblem('http://hooks.example.com/', false)).toBe('url must be an https URL');
    expect(urlProblem('file:///etc/passwd', true)).toBe('url must be an http(s) URL');
    expect(urlProblem('https://hooks.example.com/', false)).toBeNull();
    expect(urlProblem('HTTPS://hooks.example.com/', false)).toBeNull();
    expect(urlProblem('HTTP://hooks.example.com/', false)).toBe('url must be an https URL');
  });

  it('does not follow a redirect (to the metadata address here): the 302 is the answer', async () => {
    hits = 0;
    const status = await postJson(`http://127.0.0.1:${port}/redirect`, '{}', {}, { ...guarded(), allowPrivate: true });
    expect(status).toBe(302);
    expect(hits).toBe(1);
  });
});
