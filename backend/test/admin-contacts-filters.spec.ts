import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { seedSubmissions } from './support/seed.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

/** The `next` target of a `Link` header, or null. */
function nextLink(link: string | undefined): string | null {
  return link?.match(/^<([^>]+)>; rel="next"$/)?.[1] ?? null;
}

const day = (d: number, h = 12) => new Date(Date.UTC(2026, 10, d, h));

describe('GET /api/admin/contacts filters', () => {
  let sut: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;

  beforeAll(async () => {
    sut = await createTestApp();
    admin = await signedInAgent(sut);
    await seedSubmissions(sut.dataSource, [
      { submittedAt: day(1), name: 'Zoë Ångström', email: 'zoe@nordic.example', interest: 'community' },
      { submittedAt: day(2), name: 'Bob Stone', company: 'Crème Brûlée Ltd', interest: 'partnership', status: 'contacted' },
      {
        submittedAt: day(3),
        name: 'Carol King',
        comments: 'We need 50% more recruiters_now',
        interest: 'empower-team',
        status: 'qualified',
      },
      { submittedAt: day(4), name: 'Dan Spam', email: 'spam@junk.example', interest: 'community', status: 'spam' },
      { submittedAt: day(5), name: 'Eve Old', interest: 'partnership', status: 'archived' },
      { submittedAt: day(6), name: 'Frank ZOE', interest: 'empower-team' },
    ]);
  });
  afterAll(() => sut.close());

  const names = async (query: string, total?: number) => {
    const res = await admin.get(`/api/admin/contacts${query}`).expect(200);
    if (total !== undefined) expect(res.headers['x-total-count']).toBe(String(total));
    return res.body.map((row: { name: string }) => row.name);
  };

  it('hides spam and archived by default, and counts what it shows', async () => {
    expect(await names('', 4)).toEqual(['Frank ZOE', 'Carol King', 'Bob Stone', 'Zoë Ångström']);
  });

  it('shows each status in each list item', async () => {
    const res = await admin.get('/api/admin/contacts?status=spam,archived').expect(200);
    expect(res.body.map((row: { name: string; status: string }) => [row.name, row.status])).toEqual([
      ['Eve Old', 'archived'],
      ['Dan Spam', 'spam'],
    ]);
  });

  it.each([
    ['?q=zoe', ['Frank ZOE', 'Zoë Ångström']],
    ['?q=ANGSTROM', ['Zoë Ångström']],
    ['?q=creme brulee', ['Bob Stone']],
    ['?q=nordic.example', ['Zoë Ångström']],
    ['?q=50%25', ['Carol King']],
    ['?q=s_now', ['Carol King']],
    ['?q=%25%25', []],
    ['?q=junk', []],
    ['?q=junk&status=spam', ['Dan Spam']],
    ['?q=%20%20king%20', ['Carol King']],
  ])('searches name, e-mail, company and comments, case and accents aside: %s', async (query, expected) => {
    expect(await names(query, expected.length)).toEqual(expected);
  });

  it('does not match across two fields', async () => {
    // "Stone" ends the name, "Crème" begins the company.
    expect(await names(`?q=${encodeURIComponent('stone crème')}`, 0)).toEqual([]);
  });

  it.each([
    ['?interest=community', ['Zoë Ångström']],
    ['?interest=community,partnership', ['Bob Stone', 'Zoë Ångström']],
    ['?interest=community&interest=partnership', ['Bob Stone', 'Zoë Ångström']],
    ['?status=new', ['Frank ZOE', 'Zoë Ångström']],
    ['?status=contacted,qualified', ['Carol King', 'Bob Stone']],
    [
      '?status=new,contacted,qualified,archived,spam',
      ['Frank ZOE', 'Eve Old', 'Dan Spam', 'Carol King', 'Bob Stone', 'Zoë Ångström'],
    ],
    ['?from=2026-11-02T12:00:00.000Z', ['Frank ZOE', 'Carol King', 'Bob Stone']],
    ['?to=2026-11-02T12:00:00.000Z', ['Zoë Ångström']],
    ['?from=2026-11-02T00:00:00Z&to=2026-11-04T00:00:00Z', ['Carol King', 'Bob Stone']],
    ['?from=2026-11-02T13:00:00%2B01:00&to=2026-11-03T12:00:00Z', ['Bob Stone']],
  ])('filters by interest, status and range: %s', async (query, expected) => {
    expect(await names(query, expected.length)).toEqual(expected);
  });

  it('combines every filter with AND', async () => {
    const query = '?q=an&interest=community,empower-team&status=new,spam&from=2026-11-01T00:00:00Z&to=2026-11-06T00:00:00Z';
    expect(await names(query, 2)).toEqual(['Dan Spam', 'Zoë Ångström']);
  });

  it('keeps every filter in the next link, page after page, and counts all the matches', async () => {
    const query =
      '?q=zoe&interest=community,empower-team&status=new&from=2026-11-01T00:00:00.000Z&to=2026-11-07T00:00:00.000Z&limit=1';
    const first = await admin.get(`/api/admin/contacts${query}`).expect(200);
    expect(first.headers['x-total-count']).toBe('2');
    const next = nextLink(first.headers.link)!;
    const params = new URL(next, 'http://x').searchParams;
    expect(Object.fromEntries(params)).toEqual({
      q: 'zoe',
      interest: 'community,empower-team',
      status: 'new',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-07T00:00:00.000Z',
      limit: '1',
      cursor: expect.stringMatching(/^[\w-]+$/),
    });

    const second = await admin.get(next).expect(200);
    expect([first.body[0].name, second.body[0].name]).toEqual(['Frank ZOE', 'Zoë Ångström']);
    expect(second.headers['x-total-count']).toBe('2');
    expect(second.headers.link).toBeUndefined();
  });

  it.each([
    ['?q=a', 'q must be 2 to 100 characters'],
    [`?q=${'a'.repeat(101)}`, 'q must be 2 to 100 characters'],
    ['?q=%20a%20', 'q must be 2 to 100 characters'],
    ['?q=a%00b', 'q contains characters that are not allowed'],
    ['?interest=sales', 'interest must be one or more of empower-team, community, partnership'],
    ['?interest=community,', 'interest must be one or more of empower-team, community, partnership'],
    ['?status=deleted', 'status must be one or more of new, contacted, qualified, archived, spam'],
    ['?status=NEW', 'status must be one or more of new, contacted, qualified, archived, spam'],
    ['?from=yesterday', 'from must be an ISO 8601 instant such as 2026-11-01T00:00:00.000Z'],
    ['?from=2026-11-01', 'from must be an ISO 8601 instant such as 2026-11-01T00:00:00.000Z'],
    ['?to=2026-11-01T00:00:00', 'to must be an ISO 8601 instant such as 2026-11-01T00:00:00.000Z'],
    ['?to=2026-02-30T00:00:00Z', 'to is not a valid date and time'],
    ['?from=2026-11-01T25:00:00Z', 'from is not a valid date and time'],
    ['?from=2026-11-05T00:00:00Z&to=2026-11-01T00:00:00Z', 'from must be before to'],
    ['?colour=red', 'property colour should not exist'],
  ])('refuses %s with the failed rule', async (query, message) => {
    const res = await admin.get(`/api/admin/contacts${query}`).expect(400);
    expect(res.body.message).toContain(message);
  });

  it('answers 401 without a session', async () => {
    await request(sut.server).get('/api/admin/contacts?q=zoe').expect(401);
  });
});
