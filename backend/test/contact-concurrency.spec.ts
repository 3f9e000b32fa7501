import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import { SubmissionCountsRollup } from '../src/leads/submission-counts-rollup.service.js';
import { contactBody } from './support/contacts.js';
import { emptySubmissions } from './support/seed.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

describe('concurrent submissions', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp({ env: { CONTACT_RATE_LIMIT: '100000' } });
  });
  afterAll(() => sut.close());

  it('of the same interest do not wait on each other: two open transactions both insert', async () => {
    const clients = [new pg.Client(sut.databaseUrl), new pg.Client(sut.databaseUrl)];
    await Promise.all(clients.map((client) => client.connect()));
    try {
      for (const client of clients) {
        await client.query("BEGIN; SET LOCAL lock_timeout = '2s'");
        // Each insert would hit lock_timeout if it queued behind the other open transaction.
        await client.query(
          "INSERT INTO contact_submissions (name, email, interest, company) VALUES ('Same', 'same@example.com', 'community', 'Acme')",
        );
      }
      const waiting = await sut.dataSource.query(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      expect(waiting).toEqual([]);
      await Promise.all(clients.map((client) => client.query('COMMIT')));
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
    await emptySubmissions(sut.dataSource);
  });

  it('keep the counters equal to count(*) after 1,000 of them, before and after the roll-up', async () => {
    const admin = await signedInAgent(sut);
    const interests = ['empower-team', 'community', 'partnership'];
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, n) =>
        request(sut.server)
          .post('/api/contact')
          .send(contactBody({ interest: interests[n % 3], company: n % 4 === 0 ? '' : 'Acme' })),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(1000).fill(201));

    const [actual] = await sut.dataSource.query(
      `SELECT count(*)::int AS total, count(company)::int AS companies,
              count(*) FILTER (WHERE interest = 'community')::int AS community FROM contact_submissions`,
    );
    expect(actual).toEqual({ total: 1000, companies: 750, community: 333 });
    const expected = {
      total: 1000,
      thisMonth: 1000,
      companiesSubmitted: 750,
      interestBreakdown: { 'empower-team': 334, community: 333, partnership: 333 },
    };
    expect((await admin.get('/api/admin/analytics').expect(200)).body).toEqual(expected);

    expect(await sut.app.get(SubmissionCountsRollup).rollUp()).toBe(true);
    expect(await sut.dataSource.query('SELECT id FROM contact_submission_deltas')).toEqual([]);
    expect((await admin.get('/api/admin/analytics').expect(200)).body).toEqual(expected);
  }, 60_000);
});

describe('the contact rate limit under concurrency', () => {
  const LIMIT = 7;
  let replicas: TestApp[];

  beforeAll(async () => {
    const first = await createTestApp({ env: { CONTACT_RATE_LIMIT: String(LIMIT), TRUST_PROXY: '1' } });
    const second = await createTestApp({
      databaseUrl: first.databaseUrl,
      env: { CONTACT_RATE_LIMIT: String(LIMIT), TRUST_PROXY: '1' },
    });
    replicas = [first, second];
  });
  afterAll(() => Promise.all(replicas.map((replica) => replica.close())));

  const postFrom = (replica: TestApp, ip: string) =>
    request(replica.server).post('/api/contact').set('X-Forwarded-For', ip).send(contactBody());

  it('lets exactly the limit through of many parallel requests from one IP, across two replicas', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => postFrom(replicas[n % 2], '198.51.100.7')));

    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(LIMIT).fill(201), ...Array(40 - LIMIT).fill(429)]);
    for (const res of answers.filter((answer) => answer.status === 429)) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(res.body).toMatchObject({ statusCode: 429, message: 'Too many submissions. Please try again later.' });
    }
    const [{ stored }] = await replicas[0].dataSource.query('SELECT count(*)::int AS stored FROM contact_submissions');
    expect(stored).toBe(LIMIT);
  });

  it('counts each IP on its own', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => postFrom(replicas[n % 2], `203.0.113.${n % 3}`)));
    expect(answers.map((res) => res.status)).toEqual(Array(12).fill(201));
  });
});

describe('a batch the database refuses', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp({ env: { CONTACT_RATE_LIMIT: '100000' } });
  });
  afterAll(() => sut.close());

  it('answers each of its requests 503 with Retry-After and keeps none of its rows, hits included', async () => {
    await sut.dataSource.query('ALTER TABLE contact_submissions ADD CONSTRAINT ck_refuse_all CHECK (false) NOT VALID');
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => request(sut.server).post('/api/contact').send(contactBody())),
      );

      for (const res of answers) {
        expect(res.status).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.body).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'The form cannot be saved right now. Please try again shortly.',
        });
      }
      expect(await sut.dataSource.query('SELECT id FROM contact_submissions')).toEqual([]);
      expect(await sut.dataSource.query('SELECT key FROM rate_limits')).toEqual([]);
    } finally {
      await sut.dataSource.query('ALTER TABLE contact_submissions DROP CONSTRAINT ck_refuse_all');
    }
    await request(sut.server).post('/api/contact').send(contactBody()).expect(201);
  });
});
