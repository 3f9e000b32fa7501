import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { seedSubmissions } from './support/seed.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

describe('the :id of /api/admin/contacts/:id', () => {
  let sut: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;
  let id: string;

  beforeAll(async () => {
    // The sync on, so that redeliver reaches the lookup rather than answering 409.
    sut = await createTestApp({
      env: { SHEETS_WEBHOOK_URL: 'http://127.0.0.1:9/unused', SHEETS_WEBHOOK_SECRET: 's'.repeat(32) },
    });
    admin = await signedInAgent(sut);
    [id] = await seedSubmissions(sut.dataSource, [{ submittedAt: new Date('2026-11-02T10:00:00Z') }]);
  });
  afterAll(() => sut.close());

  const routes = {
    'GET :id': (target: string) => admin.get(`/api/admin/contacts/${target}`),
    'PATCH :id': (target: string) => admin.patch(`/api/admin/contacts/${target}`).send({ status: 'contacted' }),
    'POST :id/redeliver': (target: string) => admin.post(`/api/admin/contacts/${target}/redeliver`),
    'DELETE :id': (target: string) => admin.delete(`/api/admin/contacts/${target}`),
  };
  const unknown = '7b0c0a4e-8c57-4b8e-9d7e-2a3f4b5c6d7e';

  describe.each(Object.entries(routes))('%s', (_, send) => {
    it.each([
      ['not a UUID', 'not-an-id'],
      ['a UUID without its hyphens, which PostgreSQL would take', unknown.replaceAll('-', '')],
      ['a UUID in braces, which PostgreSQL would take', `%7B${unknown}%7D`],
      ['one character short', unknown.slice(0, -1)],
      ['an injection attempt', "1'%20OR%20'1'='1"],
    ])('answers 404 for an id that is %s, as for an unknown one, and changes nothing', async (_, malformed) => {
      const expected = (await send(unknown).expect(404)).body;

      const res = await send(malformed).expect(404);

      expect(res.body).toEqual(expected);
      expect(await sut.dataSource.query('SELECT id, status FROM contact_submissions')).toEqual([{ id, status: 'new' }]);
    });
  });

  it('finds a lead by its id in capitals too', async () => {
    const res = await admin.get(`/api/admin/contacts/${id.toUpperCase()}`).expect(200);

    expect(res.body.id).toBe(id);
  });
});
