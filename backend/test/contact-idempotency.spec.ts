import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import request from 'supertest';
import { contactBody } from './support/contacts.js';
import { emptySubmissions } from './support/seed.js';
import { waitFor } from './support/sheets-endpoint.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** A client retry never doubles a lead: the same Idempotency-Key answers the first answer again. */
describe('POST /api/contact with Idempotency-Key', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp({ env: { CONTACT_RATE_LIMIT: '10000' } });
  });
  afterAll(() => sut.close());
  beforeEach(() => emptySubmissions(sut.dataSource));

  const rows = async () => (await sut.dataSource.query('SELECT count(*)::int AS n FROM contact_submissions'))[0].n;
  const post = (key: string, body = contactBody()) =>
    request(sut.server).post('/api/contact').set('Idempotency-Key', key).send(body);

  it('answers a repeat with the first 201 and id, and stores one submission', async () => {
    const key = randomUUID();
    const first = await post(key).expect(201);
    const again = await post(key).expect(201);

    expect(again.body).toEqual(first.body);
    expect(await rows()).toBe(1);
    const [stored] = await sut.dataSource.query('SELECT submission_id FROM contact_idempotency_keys WHERE key = $1', [key]);
    expect(stored.submission_id).toBe(first.body.id);
  });

  it('stores one submission when the same key arrives many times at once', async () => {
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 12 }, () => post(key)));

    expect(answers.map((res) => res.status)).toEqual(Array(12).fill(201));
    expect(new Set(answers.map((res) => res.body.id)).size).toBe(1);
    expect(await rows()).toBe(1);
  });

  it('stores one submission per key', async () => {
    await post(randomUUID()).expect(201);
    await post(randomUUID()).expect(201);
    await request(sut.server).post('/api/contact').send(contactBody()).expect(201);
    expect(await rows()).toBe(3);
  });

  it('refuses the same key with another form with 422, storing nothing new', async () => {
    const key = randomUUID();
    await post(key).expect(201);
    const res = await post(key, contactBody({ name: 'Grace Hopper' })).expect(422);
    expect(res.body).toMatchObject({ statusCode: 422, message: 'Idempotency-Key was already used for a different submission' });
    expect(await rows()).toBe(1);
  });

  it.each([['short'], ['x'.repeat(129)], ['has space in it'], ['ümlaut-key-123']])('refuses the key %j with 400', async (key) => {
    const res = await post(key).expect(400);
    expect(res.body.message).toEqual(['Idempotency-Key must be 8 to 128 characters of A-Z, a-z, 0-9, _ and -']);
    expect(await rows()).toBe(0);
  });

  it('forgets the key with its submission, and after 24 hours', async () => {
    const key = randomUUID();
    const first = await post(key).expect(201);
    await sut.dataSource.query(`UPDATE contact_idempotency_keys SET created_at = now() - interval '25 hours'`);
    const later = await post(key).expect(201);
    expect(later.body.id).not.toBe(first.body.id);
    expect(await rows()).toBe(2);

    await sut.dataSource.query('DELETE FROM contact_submissions WHERE id = $1', [later.body.id]);
    expect(await sut.dataSource.query('SELECT * FROM contact_idempotency_keys')).toEqual([]);
  });

  describe('while the key is held by a transaction in flight', () => {
    /**
     * Holds `key` as another replica's batch would: a submission and its key row inserted,
     * not yet committed, with the request hash the API gave the same form under another key.
     */
    async function holdKey(key: string) {
      const probeKey = randomUUID();
      await post(probeKey).expect(201);
      const [{ request_hash: hash }] = await sut.dataSource.query(
        'SELECT request_hash FROM contact_idempotency_keys WHERE key = $1',
        [probeKey],
      );
      const client = new pg.Client(sut.databaseUrl);
      await client.connect();
      const id = randomUUID();
      await client.query('BEGIN');
      await client.query(
        "INSERT INTO contact_submissions (id, name, email, interest) VALUES ($1, 'Held', 'held@example.com', 'community')",
        [id],
      );
      await client.query('INSERT INTO contact_idempotency_keys (key, submission_id, request_hash) VALUES ($1, $2, $3)', [
        key,
        id,
        hash,
      ]);
      return { id, client };
    }

    const waitingOnLock = async () =>
      (
        await sut.dataSource.query(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )
      ).length > 0;

    it.each([
      ['the same form: the id of the held submission', contactBody(), 201],
      ['another form: 422', contactBody({ name: 'Grace Hopper' }), 422],
    ])('waits for its commit and answers for %s', async (_case, body, status) => {
      const key = randomUUID();
      const { id, client } = await holdKey(key);
      try {
        const answer = post(key, body).then((res) => res);
        await waitFor('the request to wait on the held key', waitingOnLock);
        await client.query('COMMIT');
        const res = await answer;

        expect(res.status).toBe(status);
        if (status === 201) expect(res.body.id).toBe(id);
        expect(await rows()).toBe(2);
      } finally {
        await client.end();
      }
    });
  });
});
