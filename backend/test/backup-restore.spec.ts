import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import request from 'supertest';
import {
  databaseContents,
  recreateEmptyDatabase,
  repoRoot,
  rowCounts,
  runRepoScript,
  type Contents,
} from './support/database-contents.js';
import { freePort } from './support/api-process.js';
import { startSmtpReceiver, type SmtpReceiver } from './support/smtp-receiver.js';
import { waitFor } from './support/sheets-endpoint.js';
import { fillStack, STACK_PASSWORD, type Stack } from './support/stack.js';
import { createTestApp, DEV_ADMIN, type TestApp } from './support/test-app.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

// The restore drill of docs/operations.md, "Backups and restore": a stack made through the
// API, `make backup`'s script, the database dropped and made again empty, `make restore`'s
// script, and the app started on what came back.
describe('backup and restore (the drill)', () => {
  let smtp: SmtpReceiver;
  let hook: WebhookReceiver;
  let backupDir: string;
  let databaseUrl: string;
  let stack: Stack;
  let before: Contents;
  let backupFile: string;
  const apps: TestApp[] = [];

  const appEnv = (smtpUrl: string) => ({
    ADMIN_EMAIL: 'admin@example.com',
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Lead inbox <leads@example.com>',
    PUBLIC_URL: 'https://leads.example.com',
    SPAM_FILTER: 'on',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    CONTACT_RATE_LIMIT: '10000',
    DELIVERY_POLL_INTERVAL_MS: '100',
  });
  const scriptEnv = () => ({ DATABASE_URL: databaseUrl, BACKUP_DIR: backupDir });

  beforeAll(async () => {
    [smtp, hook] = await Promise.all([startSmtpReceiver(), WebhookReceiver.start()]);
    backupDir = await mkdtemp(path.join(os.tmpdir(), 'backups-'));
    const sut = await createTestApp({ env: appEnv(smtp.url) });
    apps.push(sut);
    databaseUrl = sut.databaseUrl;
    stack = await fillStack(sut.server, { webhookUrl: hook.url, deadWebhookUrl: `http://127.0.0.1:${await freePort()}/hook` });
    // Deliveries in both states: some sent (e-mails, the live endpoint's), some still retried (the dead endpoint's).
    const states = async () =>
      (await sut.dataSource.query<Array<{ status: string }>>('SELECT DISTINCT status FROM deliveries')).map((row) => row.status);
    await waitFor('delivered and pending deliveries', async () => {
      const seen = await states();
      return seen.includes('delivered') && seen.includes('pending');
    });
    // Closed, so that nothing changes the stack between its backup and the comparison.
    await sut.close();
    apps.length = 0;
    before = await databaseContents(databaseUrl);
  }, 90_000);
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all([smtp?.close(), hook?.stop()]);
    await rm(backupDir, { recursive: true, force: true });
  });

  it('holds every kind of row before the backup (or the drill would prove little)', () => {
    const counts = rowCounts(before);
    for (const table of [
      'contact_submissions',
      'users',
      'invitations',
      'contact_notes',
      'audit_events',
      'deliveries',
      'webhook_endpoints',
    ]) {
      expect([table, counts[table]]).toEqual([table, expect.any(Number)]);
      expect(counts[table]).toBeGreaterThan(0);
    }
  });

  it('writes a custom-format dump to BACKUP_DIR, named by the UTC time, and prints its path', async () => {
    const run = await runRepoScript('scripts/backup.mjs', [], scriptEnv());

    expect(run).toMatchObject({ code: 0 });
    backupFile = path.resolve(repoRoot, run.stdout.trim());
    expect(path.dirname(backupFile)).toBe(backupDir);
    expect(path.basename(backupFile)).toMatch(/^backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.dump$/);
    // pg_dump's custom format begins with "PGDMP".
    expect((await readFile(backupFile)).subarray(0, 5).toString()).toBe('PGDMP');
  });

  it('refuses to restore into a database that is not empty, and changes nothing', async () => {
    const run = await runRepoScript('scripts/restore.mjs', [backupFile], scriptEnv());

    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /refusing to restore into .*: it is not empty \(\d+ tables.*public\.audit_events.*\)\. Nothing was changed/s,
    );
    expect(await databaseContents(databaseUrl)).toEqual(before);
  });

  it('restores every row of every table into the same database made again empty', async () => {
    await recreateEmptyDatabase(databaseUrl);
    expect(await databaseContents(databaseUrl)).toEqual({});

    const run = await runRepoScript('scripts/restore.mjs', [backupFile], scriptEnv());

    expect(run).toMatchObject({ code: 0, stdout: expect.stringContaining('restored') });
    expect(await databaseContents(databaseUrl)).toEqual(before);
  });

  it('is served by the API: migrations find everything applied, the team signs in, the leads are there', async () => {
    const sut = await createTestApp({ databaseUrl, env: appEnv(smtp.url) });
    apps.push(sut);
    const migrations = new pg.Client({ connectionString: databaseUrl });
    await migrations.connect();
    const applied = (await migrations.query('SELECT count(*)::int AS n FROM migrations')).rows[0].n;
    await migrations.end();
    expect(applied).toBe(before.migrations.rows);

    const admin = request.agent(sut.server);
    await admin.post('/api/auth/login').send(DEV_ADMIN).expect(200);
    const mia = request.agent(sut.server);
    await mia.post('/api/auth/login').send({ username: 'mia', password: STACK_PASSWORD }).expect(200);

    const all = await admin.get('/api/admin/contacts?status=new,contacted,qualified,archived,spam').expect(200);
    expect(Number(all.headers['x-total-count'])).toBe(stack.leadIds.length + 1);
    const { body: worked } = await mia.get(`/api/admin/contacts/${stack.workedLeadId}`).expect(200);
    expect(worked).toMatchObject({
      status: 'contacted',
      statusChangedBy: 'mia',
      utmSource: 'newsletter',
      consentVersion: 'c0ffee12',
    });
    expect(worked.notes.map((note: { body: string }) => note.body)).toEqual(['Tuesday it is.', 'Called her: call back Tuesday.']); // newest first;
    const { body: spam } = await admin.get(`/api/admin/contacts/${stack.spamLeadId}`).expect(200);
    expect(spam).toMatchObject({ status: 'spam', heldAsSpam: true });
  });
});
