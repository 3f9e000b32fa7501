// HTTP-level checks through the real nginx config: scripts/serve.mjs (`make serve`,
// docs/operations.md) with API_REPLICAS=2, on a fresh embedded PostgreSQL.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { nginxBin, ROOT, run } from './helpers.mjs';
import { freePort } from '../../scripts/process-utils.mjs';

// The one inline script of the prerendered pages (frontend/scripts/load-after-paint.js) is
// allowed by its hash, and no other.
const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('base64');
const LOAD_AFTER_PAINT = readFileSync(path.join(ROOT, 'frontend/scripts/load-after-paint.js'), 'utf8').trim();
const CSP =
  `default-src 'self'; script-src 'self' 'sha256-${sha256(LOAD_AFTER_PAINT)}'; style-src 'self' 'unsafe-inline'; ` +
  "img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
const SECURITY_HEADERS = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};
const ADMIN_PASSWORD = 'ops-test-harbor-lantern-password';

/** Raw HTTP (no transparent decompression), so headers are exactly nginx's. */
function request(port, pathname, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode, headers: res.headers, raw, text: raw.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`timeout: ${method} ${pathname}`)));
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const json = (port, pathname, payload, headers = {}) =>
  request(port, pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(payload),
  });

function assertSecurityHeaders(response, where) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    assert.equal(response.headers[name], value, `${where}: ${name}`);
  }
}

/** Two consecutive free ports for the API replicas. */
async function consecutiveFreePorts() {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const first = await freePort();
    if (first >= 65535) continue;
    const probe = await new Promise((resolve) => {
      const server = http.createServer();
      server.once('error', () => resolve(false));
      server.listen(first + 1, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (probe) return first;
  }
  throw new Error('no two consecutive free ports');
}

describe('make serve (nginx + 2 API replicas)', () => {
  let serve;
  let exited;
  let output = '';
  let port;
  let apiPorts;
  let dataDir;

  before(async () => {
    nginxBin(); // a clear error naming the Debian package when nginx is missing
    for (const [workspace, file] of [
      ['frontend', 'dist/index.html'],
      ['backend', 'dist/main.js'],
    ]) {
      if (!existsSync(path.join(ROOT, workspace, file))) run('npm', ['run', 'build', '-w', workspace], { stdio: 'inherit' });
    }
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ops-serve-pg-'));
    port = await freePort();
    const firstApiPort = await consecutiveFreePorts();
    apiPorts = [firstApiPort, firstApiPort + 1];
    serve = spawn(process.execPath, [path.join(ROOT, 'scripts', 'serve.mjs')], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: '',
        SERVE_SKIP_BUILD: '1',
        SERVE_PORT: String(port),
        SERVE_API_PORT: String(firstApiPort),
        METRICS_PORT: '0',
        API_REPLICAS: '2',
        EMBEDDED_POSTGRES_DIR: dataDir,
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD,
        CONTACT_RATE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    serve.stdout.on('data', (chunk) => (output += chunk));
    serve.stderr.on('data', (chunk) => (output += chunk));
    exited = new Promise((resolve) => serve.on('exit', (code, signal) => resolve({ code, signal })));
    const deadline = Date.now() + 180_000;
    while (!output.includes('Ctrl-C stops everything')) {
      if (serve.exitCode !== null) throw new Error(`serve.mjs exited early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`serve.mjs not ready in time:\n${output}`);
      await sleep(200);
    }
  });

  after(async () => {
    if (serve && serve.exitCode === null) {
      serve.kill('SIGTERM');
      await Promise.race([exited, sleep(30_000, undefined, { ref: false })]);
      if (serve.exitCode === null) serve.kill('SIGKILL');
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('/: the prerendered landing page, never cached, every security header, absolute canonical URL', async () => {
    const response = await request(port, '/');
    assert.equal(response.status, 200);
    assert.match(response.headers['content-type'], /^text\/html/);
    // The landing page is a lazy route: its markup sits in React's Suspense marker.
    assert.match(response.text, /<div id="root"><!--\$--><header/);
    assert.match(response.text, /<h1[^>]*>Recruiting\. Rewritten\.<\/h1>/);
    // Its scripts wait, inert, for the one inline script the CSP allows, after the markup.
    assert.match(response.text, /<\/div>\s*<template id="page-scripts"><script type="module" crossorigin src="\/assets\//);
    const inline = [...response.text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, text]) => text);
    assert.deepEqual(inline.map(sha256), [sha256(LOAD_AFTER_PAINT)]);
    assert.ok(response.text.includes(`<link rel="canonical" href="http://127.0.0.1:${port}/" />`), 'canonical');
    assert.ok(response.text.includes(`<meta property="og:url" content="http://127.0.0.1:${port}/" />`), 'og:url');
    assert.equal(response.headers['cache-control'], 'no-cache');
    assert.equal(response.headers['x-robots-tag'], undefined);
    assertSecurityHeaders(response, '/');
  });

  test('each page answers its own HTML: /admin and its pages (noindex, as anything under /admin/) and /privacy 200, any other path 404', async () => {
    const pages = [
      ['/admin', 200, /<title>Admin Dashboard/],
      ['/admin?x=1', 200, /<title>Admin Dashboard/],
      ['/admin/settings', 200, /<title>Settings ·/],
      ['/admin/settings/webhooks', 200, /<title>Webhooks · Settings/],
      ['/admin/settings/email', 200, /<title>E-mail · Settings/],
      ['/admin/settings/routing', 200, /<title>Routing · Settings/],
      ['/privacy', 200, /<title>Privacy/],
      ['/no/such/page', 404, /404 Page Not Found/],
      ['/index.html', 404, /404 Page Not Found/],
      ['/admin/', 404, /404 Page Not Found/],
    ];
    for (const [pathname, status, content] of pages) {
      const response = await request(port, pathname);
      assert.equal(response.status, status, pathname);
      assert.match(response.headers['content-type'], /^text\/html/, pathname);
      assert.match(response.text, content, pathname);
      assert.equal(response.headers['cache-control'], 'no-cache', pathname);
      assertSecurityHeaders(response, pathname);
      const robots = /^\/admin(\/|\?|$)/.test(pathname) ? 'noindex, nofollow' : undefined;
      assert.equal(response.headers['x-robots-tag'], robots, pathname);
    }
  });

  test('/admin is the sign-in form, or with the signed-in hint cookie the page that asks for the session', async () => {
    const signedOut = await request(port, '/admin');
    assert.match(signedOut.text, /Admin sign-in/);
    const hinted = await request(port, '/admin', { headers: { cookie: 'other=1; signed_in=1' } });
    assert.equal(hinted.status, 200);
    assert.match(hinted.text, /<title>Admin Dashboard/);
    assert.match(hinted.text, /Loading admin dashboard/);
    assert.doesNotMatch(hinted.text, /Admin sign-in/);
    assert.equal(hinted.headers['x-robots-tag'], 'noindex, nofollow');
    // The pages' files answer only at their route.
    assert.equal((await request(port, '/admin-session.html')).status, 404);
  });

  test("the team's pages and Settings are prerendered twice too: the sign-in form, or with the hint the page that asks for the session", async () => {
    for (const pathname of [
      '/admin/account',
      '/admin/team',
      '/admin/settings',
      '/admin/settings/webhooks',
      '/admin/settings/email',
      '/admin/settings/routing',
    ]) {
      assert.match((await request(port, pathname)).text, /Admin sign-in/, pathname);
      const hinted = await request(port, pathname, { headers: { cookie: 'signed_in=1' } });
      assert.equal(hinted.status, 200, pathname);
      assert.doesNotMatch(hinted.text, /Admin sign-in/, pathname);
      assert.match(hinted.text, /Loading/, pathname);
    }
  });

  test('/admin/confirm-email (the link to a new address) is a prerendered page of its own, noindex', async () => {
    const response = await request(port, '/admin/confirm-email');
    assert.equal(response.status, 200);
    assert.match(response.text, /<title>Confirm your new e-mail address/);
    assert.match(response.text, /Reading the link/);
    assert.equal(response.headers['x-robots-tag'], 'noindex, nofollow');
  });

  test('/robots.txt keeps crawlers out of /admin and /api/', async () => {
    const response = await request(port, '/robots.txt');
    assert.equal(response.status, 200);
    assert.match(response.headers['content-type'], /^text\/plain/);
    assert.match(response.text, /^User-agent: \*$/m);
    assert.match(response.text, /^Disallow: \/admin$/m);
    assert.match(response.text, /^Disallow: \/api\/$/m);
  });

  test('a hashed asset: cached for a year, immutable, gzip, security headers', async () => {
    const index = await request(port, '/');
    const script = index.text.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    assert.ok(script, 'index.html references a hashed script');
    const response = await request(port, script, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(response.status, 200);
    assert.match(response.headers['content-type'], /javascript/);
    assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(response.headers['content-encoding'], 'gzip');
    assert.match(response.headers.vary ?? '', /Accept-Encoding/i);
    assertSecurityHeaders(response, script);
    const plain = await request(port, script);
    assert.equal(plain.headers['content-encoding'], undefined, 'no gzip when not asked for');
    assert.ok(response.raw.length < plain.raw.length, 'compressed is smaller');
    // A revalidation keeps the long cache (a 304's headers replace the cached ones).
    const revalidated = await request(port, script, { headers: { 'if-none-match': plain.headers.etag } });
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  test('a missing asset is a 404, not the SPA, and is not cached for a year', async () => {
    const response = await request(port, '/assets/missing-0123abcd.js');
    assert.equal(response.status, 404);
    assert.notEqual(response.headers['cache-control'], 'public, max-age=31536000, immutable');
    assertSecurityHeaders(response, '404');
  });

  test('/api is proxied to the API, with the security headers set once', async () => {
    const response = await request(port, '/api/health/ready');
    assert.equal(response.status, 200);
    assert.match(response.headers['content-type'], /application\/json/);
    assertSecurityHeaders(response, '/api/health/ready');
    assert.equal(typeof response.headers['content-security-policy'], 'string', 'one CSP header, not two');
    assert.equal(response.headers['x-powered-by'], undefined);
    const live = await request(port, '/api/health/live');
    assert.equal(live.status, 200);
  });

  test('API errors pass through unchanged', async () => {
    const unauthorized = await request(port, '/api/admin/contacts');
    assert.equal(unauthorized.status, 401);
    assert.equal(JSON.parse(unauthorized.text).statusCode, 401);
    assertSecurityHeaders(unauthorized, '401');
  });

  test('request bodies: the API answers 413 past 16 KiB, nginx caps far larger ones', async () => {
    const payload = { name: 'x'.repeat(20_000), email: 'a@example.com', interest: 'community' };
    const fromApi = await json(port, '/api/contact', payload);
    assert.equal(fromApi.status, 413);
    const huge = await request(port, '/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(200_000) }),
    });
    assert.equal(huge.status, 413);
    assert.equal(JSON.parse(huge.text).statusCode, 413);
    assertSecurityHeaders(huge, 'nginx 413');
  });

  test('a session made through one replica works on the other', async () => {
    const [first, second] = apiPorts;
    const login = await json(first, '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
    assert.equal(login.status, 200, login.text);
    const cookie = [login.headers['set-cookie']]
      .flat()
      .map((line) => line.split(';')[0])
      .join('; ');
    const me = await request(second, '/api/auth/me', { headers: { cookie } });
    assert.equal(me.status, 200, me.text);
    assert.equal(JSON.parse(me.text).username, 'admin');
    const viaNginx = await request(port, '/api/auth/me', { headers: { cookie } });
    assert.equal(viaNginx.status, 200);
    const anonymous = await request(second, '/api/auth/me');
    assert.equal(anonymous.status, 401);
  });

  test('submissions through both replicas (and through nginx) land', async () => {
    const ids = [];
    for (const [index, apiPort] of apiPorts.entries()) {
      const response = await json(apiPort, '/api/contact', {
        name: `Replica ${index + 1}`,
        email: `replica${index + 1}@example.com`,
        interest: 'partnership',
      });
      assert.equal(response.status, 201, response.text);
      ids.push(JSON.parse(response.text).id);
    }
    for (let index = 0; index < 4; index += 1) {
      const response = await json(port, '/api/contact', {
        name: `Via nginx ${index}`,
        email: `n${index}@example.com`,
        interest: 'empower-team',
      });
      assert.equal(response.status, 201, response.text);
      ids.push(JSON.parse(response.text).id);
    }
    const login = await json(port, '/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
    const cookie = [login.headers['set-cookie']]
      .flat()
      .map((line) => line.split(';')[0])
      .join('; ');
    const list = await request(port, '/api/admin/contacts?limit=100', { headers: { cookie } });
    assert.equal(list.status, 200, list.text);
    const stored = new Set(JSON.parse(list.text).map((submission) => submission.id));
    for (const id of ids) assert.ok(stored.has(id), `submission ${id} stored`);
  });

  test('the API replicas listen on 127.0.0.1 only: nginx is the one way in', async () => {
    // /proc/net/tcp lists each listening socket (state 0A) as hex "address:port".
    const sockets = (await readFile('/proc/net/tcp', 'utf8'))
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/));
    for (const apiPort of apiPorts) {
      const hexPort = apiPort.toString(16).toUpperCase().padStart(4, '0');
      const listening = sockets.filter(([, local, , state]) => state === '0A' && local?.endsWith(`:${hexPort}`));
      assert.deepEqual(
        listening.map(([, local]) => local),
        [`0100007F:${hexPort}`],
        `API port ${apiPort}`,
      );
    }
  });

  test('a made-up X-Forwarded-For does not get a client past the sign-in lock', async () => {
    const attempt = (spoofed) =>
      json(port, '/api/auth/login', { username: 'spoof-check', password: 'wrong-guess' }, { 'X-Forwarded-For': spoofed });
    for (let index = 0; index < 5; index += 1) assert.equal((await attempt(`10.0.0.${index}`)).status, 401);
    const locked = await attempt('10.0.0.99');
    assert.equal(locked.status, 429);
  });

  test('SIGTERM stops everything it started', async () => {
    serve.kill('SIGTERM');
    const { code } = await Promise.race([exited, sleep(30_000, { code: 'timeout' }, { ref: false })]);
    assert.equal(code, 0, output.slice(-2000));
    for (const closed of [port, ...apiPorts]) {
      await assert.rejects(request(closed, '/api/health/live'), /ECONNREFUSED/, `port ${closed} closed`);
    }
  });
});
