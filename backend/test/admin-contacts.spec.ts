import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { contactBody } from './support/contacts.js';
import { emptySubmissions, seedSubmissions } from './support/seed.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

/** The `next` target of a `Link` header, or null. */
function nextLink(link: string | undefined): string | null {
  return link?.match(/^<([^>]+)>; rel="next"$/)?.[1] ?? null;
}

describe('GET /api/admin/contacts', () => {
  let sut: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;

  beforeAll(async () => {
    sut = await createTestApp({ env: { CONTACT_RATE_LIMIT: '10000' } });
    admin = await signedInAgent(sut);
  });
  afterAll(() => sut.close());
  beforeEach(() => emptySubmissions(sut.dataSource));

  const list = (query = '') => admin.get(`/api/admin/contacts${query}`);

  it('answers the submissions newest first with every field', async () => {
    await request(sut.server)
      .post('/api/contact')
      .send(contactBody({ name: 'First' }))
      .expect(201);
    await request(sut.server)
      .post('/api/contact')
      .send(contactBody({ name: 'Second', company: '', linkedin: '' }))
      .expect(201);

    const res = await list().expect(200);

    expect(res.body.map((row: { name: string }) => row.name)).toEqual(['Second', 'First']);
    expect(res.body[0]).toEqual({
      id: expect.any(String),
      name: 'Second',
      email: 'ada@example.com',
      linkedin: null,
      company: null,
      interest: 'empower-team',
      comments: 'We hire twenty engineers a quarter.',
      submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      // The same e-mail as the first: a repeat of it.
      repeatOf: res.body[1].id,
      status: 'new',
      assigneeId: null,
      version: 1,
      spamScore: 0,
      spamReasons: [],
      heldAsSpam: false,
      lastMessageAt: null,
      awaitingReply: false,
      nextMeetingAt: null,
      // Not answered yet; its due time comes with the response-time scan.
      firstRespondedAt: null,
      responseMinutes: null,
      responseDueAt: null,
      followUpAt: null,
      releasedAt: null,
    });
    expect(res.body[1].repeatOf).toBeNull();
    expect(res.headers.link).toBeUndefined();
  });

  it('answers an empty list when there is nothing', async () => {
    const res = await list().expect(200);
    expect(res.body).toEqual([]);
  });

  it('pages by 50 by default and links the next page', async () => {
    const base = Date.UTC(2026, 0, 1);
    await seedSubmissions(
      sut.dataSource,
      Array.from({ length: 51 }, (_, i) => ({ submittedAt: new Date(base + i * 1000) })),
    );

    const first = await list().expect(200);
    expect(first.body).toHaveLength(50);
    const next = nextLink(first.headers.link);
    expect(next).toMatch(/^\/api\/admin\/contacts\?limit=50&cursor=[\w-]+$/);

    const second = await admin.get(next!).expect(200);
    expect(second.body).toHaveLength(1);
    expect(second.body[0].submittedAt).toBe(new Date(base).toISOString());
    expect(second.headers.link).toBeUndefined();
  });

  it('meets every row exactly once over 1,000 rows that share a few timestamps', async () => {
    const times = [0, 1, 2, 3, 4].map((i) => new Date(Date.UTC(2026, 5, 1, 12, 0, i)));
    const ids = await seedSubmissions(
      sut.dataSource,
      Array.from({ length: 1000 }, (_, i) => ({ submittedAt: times[i % times.length] })),
    );

    const seen: string[] = [];
    let next: string | null = '/api/admin/contacts?limit=37';
    let pages = 0;
    while (next) {
      const res = await admin.get(next).expect(200);
      seen.push(...res.body.map((row: { id: string }) => row.id));
      next = nextLink(res.headers.link);
      pages += 1;
    }

    expect(pages).toBe(Math.ceil(1000 / 37));
    expect(seen).toHaveLength(1000);
    expect(new Set(seen)).toEqual(new Set(ids));
  });

  it.each([['0'], ['101'], ['-1'], ['1.5'], ['ten']])('refuses limit=%s', async (limit) => {
    const res = await list(`?limit=${limit}`).expect(400);
    expect(res.body.message).toContain('limit must be an integer from 1 to 100');
  });

  it.each([['1'], ['100']])('accepts limit=%s', async (limit) => {
    await list(`?limit=${limit}`).expect(200);
  });

  it.each([
    ['not base64 at all!'],
    [Buffer.from('2026-01-01T00:00:00.000Z|not-a-uuid').toString('base64url')],
    [Buffer.from('yesterday|2b4c5d9e-3f1a-4b7c-8d2e-1f0a9b8c7d6e').toString('base64url')],
    [Buffer.from('{"a":1}').toString('base64url')],
  ])('refuses the tampered cursor %s with 400', async (cursor) => {
    const res = await list(`?cursor=${encodeURIComponent(cursor)}`).expect(400);
    expect(res.body.message).toContain('cursor is invalid');
  });
});
