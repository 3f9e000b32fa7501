// The container smoke test: builds both images, runs docker-compose.yml with a generated
// .env and checks the stack through the published nginx port, as a visitor, an admin and
// an operator would. Engine-agnostic: test-containers.sh runs it against podman (stand-in
// bases), the GitHub workflow against Docker (the real bases).
//
//   COMPOSE       the compose command, e.g. "docker-compose" or "docker compose"
//   ENGINE        "podman" or "docker" (image sizes, leftovers)
//   HTTP_PORT     host port nginx is published on (default 8231)
//
// Prints figures (build time, image sizes, cold start) and ends with `N passed, M failed`;
// exits non-zero when a check failed. Always takes the stack down with its volume.
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const COMPOSE = (process.env.COMPOSE ?? 'docker compose').split(' ');
const ENGINE = process.env.ENGINE ?? 'docker';
const HTTP_PORT = Number(process.env.HTTP_PORT ?? 8231);
const PROJECT = `rr-containers-${HTTP_PORT}`;
const BASE_URL = `http://127.0.0.1:${HTTP_PORT}`;
const APP_VERSION = 'container-test';
const READY_TIMEOUT_MS = 180_000;

const run = promisify(execFile);
const secret = (bytes) => randomBytes(bytes).toString('base64url');
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Strong generated secrets; the rate limit is lifted for the load of the restart check.
const admin = { username: 'admin', password: secret(18) };
const envDir = mkdtempSync(path.join(os.tmpdir(), 'container-test-env-'));
const envFile = path.join(envDir, '.env');
writeFileSync(
  envFile,
  [
    'POSTGRES_DB=app',
    'POSTGRES_USER=app',
    `POSTGRES_PASSWORD=${secret(24)}`,
    `SESSION_SECRET=${secret(48)}`,
    `ADMIN_USERNAME=${admin.username}`,
    `ADMIN_PASSWORD=${admin.password}`,
    'CONTACT_RATE_LIMIT=100000',
    `HTTP_PORT=${HTTP_PORT}`,
    `APP_VERSION=${APP_VERSION}`,
    '',
  ].join('\n'),
  { mode: 0o600 },
);

async function compose(...args) {
  const [file, ...prefix] = COMPOSE;
  const { stdout } = await run(file, [...prefix, '-p', PROJECT, '--env-file', envFile, '-f', 'docker-compose.yml', ...args], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

async function engine(...args) {
  const { stdout } = await run(ENGINE, args, { maxBuffer: 16 * 1024 * 1024 });
  return stdout.trim();
}

const results = { passed: 0, failed: 0 };

/** Runs one check; a failure is reported and counted, and the run goes on. */
async function check(name, fn) {
  const started = Date.now();
  try {
    await fn();
    results.passed += 1;
    console.log(`ok    ${name} (${seconds(Date.now() - started)})`);
    return true;
  } catch (error) {
    results.failed += 1;
    console.log(
      `FAIL  ${name}\n      ${String(error.stderr || error.message || error)
        .trim()
        .replaceAll('\n', '\n      ')}`,
    );
    return false;
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

async function request(pathname, { method = 'GET', body, cookie, timeoutMs = 10_000 } = {}) {
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  const response = await fetch(BASE_URL + pathname, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

/** Waits until nginx serves the page and the API behind it answers ready. */
async function waitUntilReady() {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    try {
      const page = await request('/', { timeoutMs: 3000 });
      const ready = await request('/api/health/ready', { timeoutMs: 3000 });
      if (page.status === 200 && ready.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`not ready within ${seconds(READY_TIMEOUT_MS)}`);
    await sleep(500);
  }
}

const lead = (label) => ({
  name: `Container Test ${label}`,
  email: `container-test-${label}@example.com`,
  linkedin: '',
  company: 'Smoke',
  interest: 'community',
  comments: '',
});

async function submit(label) {
  const response = await request('/api/contact', { method: 'POST', body: lead(label) });
  return { status: response.status, id: response.status === 201 ? response.json().id : undefined };
}

async function signIn() {
  const response = await request('/api/auth/login', { method: 'POST', body: admin });
  assert(response.status === 200, `sign-in answered ${response.status}: ${response.text}`);
  const cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]);
  assert(cookie.length > 0, 'sign-in set no cookie');
  return cookie.join('; ');
}

async function dashboardIds(cookie) {
  const response = await request('/api/admin/contacts?limit=100', { cookie });
  assert(response.status === 200, `GET /api/admin/contacts answered ${response.status}`);
  return response.json().map((row) => row.id);
}

/**
 * Runs a command in a service's container with the engine's own `exec` (compose's goes
 * through the API, where podman keeps each finished exec session's monitor for minutes).
 */
async function exec(service, ...command) {
  const id = (await compose('ps', '-q', service)).trim();
  return engine('exec', id, ...command);
}

async function databaseIds() {
  const output = await exec('postgres', 'psql', '-U', 'app', '-d', 'app', '-tAc', 'SELECT id FROM contact_submissions');
  return new Set(
    output
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
}

async function imageSize(name) {
  const bytes = Number(await engine('image', 'inspect', '--format', '{{.Size}}', `${name}:${APP_VERSION}`));
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

/** POSTs from `workers` loops until `stop()`; answers every status and each 201's id. */
function startLoad(workers) {
  const statuses = new Map();
  const ids = [];
  let running = true;
  let counter = 0;
  const loop = async () => {
    while (running) {
      counter += 1;
      let status;
      try {
        const answer = await submit(`load-${counter}-${randomUUID().slice(0, 8)}`);
        status = answer.status;
        if (answer.id) ids.push(answer.id);
      } catch (error) {
        status = `error (${error.cause?.code ?? error.name})`;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      await sleep(50);
    }
  };
  const loops = Array.from({ length: workers }, loop);
  return {
    ids,
    statuses,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function backendAddress() {
  const id = (await compose('ps', '-q', 'backend')).trim();
  return engine('inspect', '--format', '{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}', id);
}

async function main() {
  console.log(`container test: ${COMPOSE.join(' ')} on ${ENGINE}, project ${PROJECT}, nginx on ${BASE_URL}`);
  const figure = (line) => console.log(`figure: ${line}`);

  const started = Date.now();
  if (!(await check('compose build: backend/Dockerfile and nginx/Dockerfile', () => compose('build')))) return;
  figure(`build: ${seconds(Date.now() - started)}`);
  figure(`backend image: ${await imageSize('recruiting-rewritten-backend')}`);
  figure(`web image: ${await imageSize('recruiting-rewritten-web')}`);

  const upStarted = Date.now();
  const up = await check('compose up: the stack answers through nginx', async () => {
    await compose('up', '-d');
    await waitUntilReady();
  });
  // Up to nginx answering ready, through compose's healthcheck ordering (on podman the
  // healthchecks run every 2 s; Docker waits each service's `interval`).
  figure(`cold start to ready (new volume, migrations): ${seconds(Date.now() - upStarted)}`);
  if (!up) return;

  await check('landing page: prerendered, with the security headers', async () => {
    const page = await request('/');
    assert(page.status === 200, `GET / answered ${page.status}`);
    assert(/text\/html/.test(page.headers.get('content-type')), page.headers.get('content-type'));
    // The build prerenders the page into the SPA's root: the form is there before any script.
    assert(/<div id="root">.*Full Name/s.test(page.text), 'no prerendered form in the SPA root');
    assert(/default-src 'self'/.test(page.headers.get('content-security-policy') ?? ''), 'no Content-Security-Policy');
  });

  let leadId;
  await check('a submission answers 201 with an id', async () => {
    const answer = await submit('first');
    assert(answer.status === 201, `POST /api/contact answered ${answer.status}`);
    leadId = answer.id;
  });

  await check('the dashboard API needs a session (401 without)', async () => {
    const response = await request('/api/admin/contacts');
    assert(response.status === 401, `answered ${response.status}`);
  });

  await check('sign-in, then the dashboard API lists the submission', async () => {
    const ids = await dashboardIds(await signIn());
    assert(ids.includes(leadId), `${leadId} not in the list`);
  });

  await check('backend runs as a non-root user', async () => {
    const id = await exec('backend', 'id');
    console.log(`      backend: ${id}`);
    assert(/^uid=1000\b/.test(id), `expected uid 1000, got: ${id}`);
  });

  await check('backend: /app is read-only (a write fails), /tmp is writable', async () => {
    // One exec: each is slow on a busy machine.
    const output = await exec('backend', 'sh', '-c', 'touch /app/probe 2>&1; echo "app=$?"; touch /tmp/probe && echo "tmp=$?"');
    assert(/Read-only file system/.test(output) && !/app=0/.test(output), `write to /app: ${output.trim()}`);
    assert(/tmp=0/.test(output), `the /tmp tmpfs is not writable: ${output.trim()}`);
  });

  await check('down, then up again: the lead is still there (named volume)', async () => {
    await compose('down');
    await compose('up', '-d');
    await waitUntilReady();
    const ids = await dashboardIds(await signIn());
    assert(ids.includes(leadId), `${leadId} lost after down/up`);
  });

  await check('backend replaced under load: nginx finds it again, no 201 is lost', async () => {
    const before = await backendAddress();
    const load = startLoad(4);
    await sleep(2000);
    await compose('up', '-d', '--no-deps', '--force-recreate', 'backend');
    await waitUntilReady();
    const idsBefore = load.ids.length;
    await sleep(3000);
    await load.stop();
    const after = await backendAddress();
    const statuses = [...load.statuses].map(([status, count]) => `${status}: ${count}`).join(', ');
    console.log(`      answers during the replacement: ${statuses}; backend address ${before} -> ${after}`);
    assert(load.ids.length > idsBefore, 'no 201 after the backend came back');
    const stored = await databaseIds();
    const lost = load.ids.filter((id) => !stored.has(id));
    assert(lost.length === 0, `${lost.length} of ${load.ids.length} answered 201 but are not in the database`);
    const unexpected = [...load.statuses.keys()].filter((status) => status !== 201 && status !== 503);
    assert(unexpected.length === 0, `answers other than 201 or 503: ${statuses}`);
  });
}

async function takeDown() {
  await check('compose down -v leaves no container, volume or network', async () => {
    await compose('down', '-v', '--remove-orphans');
    const label = `label=com.docker.compose.project=${PROJECT}`;
    const left = [
      await engine('ps', '-a', '-q', '--filter', label),
      await engine('volume', 'ls', '-q', '--filter', label),
      await engine('network', 'ls', '-q', '--filter', label),
    ].filter(Boolean);
    assert(left.length === 0, `left behind: ${left.join(' ')}`);
  });
}

try {
  await main();
} finally {
  await takeDown();
  rmSync(envDir, { recursive: true, force: true });
  console.log(`${results.passed} passed, ${results.failed} failed`);
  process.exitCode = results.failed === 0 ? 0 : 1;
}
