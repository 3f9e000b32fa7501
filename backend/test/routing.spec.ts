import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { type ApiProcess, buildApi, startApiProcess } from './support/api-process.js';
import { createAccount, signedInAs, type TestAccount } from './support/accounts.js';
import { contactBody } from './support/contacts.js';
import { openEventStream, signInCookie } from './support/event-stream.js';
import { emptySubmissions } from './support/seed.js';
import { waitFor } from './support/sheets-endpoint.js';
import { type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

type Agent = Awaited<ReturnType<typeof signedInAs>>;
type Strategy = 'round-robin' | 'least-open';
interface Rule {
  name: string;
  when: Array<{ field: string; op: string; value: string | string[] }>;
  pool: string[];
  strategy: Strategy;
}

const PUBLIC_URL = 'https://leads.example.com';

/** How many leads each assignee holds (null: unassigned), by id. */
async function countsByAssignee(query: (sql: string) => Promise<Array<{ assignee: string | null; n: number }>>) {
  const rows = await query(`SELECT assignee_id AS assignee, count(*)::int AS n FROM contact_submissions GROUP BY assignee_id`);
  return Object.fromEntries(rows.map(({ assignee, n }) => [assignee ?? 'none', n]));
}

/** Posts `count` leads, `atOnce` at a time, to the API at `urls` in turn; answers their ids. */
async function postInWaves(urls: string[], count: number, atOnce: number, body: (i: number) => unknown): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += atOnce) {
    const wave = Array.from({ length: Math.min(atOnce, count - start) }, async (_, k) => {
      const i = start + k;
      const res = await fetch(`${urls[i % urls.length]}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body(i)),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    });
    ids.push(...(await Promise.all(wave)));
  }
  return ids;
}

describe('routing', () => {
  let sut: TestApp;
  let smtp: SmtpReceiver;
  let hook: WebhookReceiver;
  let admin: Agent;
  let member: Agent;
  let viewer: Agent;
  let ann: TestAccount;
  let bob: TestAccount;
  let cid: TestAccount;
  let vic: TestAccount;
  let gone: TestAccount;
  let url: string;

  beforeAll(async () => {
    [smtp, hook] = await Promise.all([startSmtpReceiver(), WebhookReceiver.start()]);
    sut = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Lead inbox <leads@example.com>',
        PUBLIC_URL,
        DELIVERY_POLL_INTERVAL_MS: '100',
        CONTACT_RATE_LIMIT: '10000',
        WEBHOOKS_ALLOW_PRIVATE: 'true',
      },
    });
    await sut.app.listen(0, '127.0.0.1');
    url = await sut.app.getUrl();
    const lead = await createAccount(sut, 'admin', { email: 'lea@example.com' });
    ann = await createAccount(sut, 'member', { username: 'ann', email: 'ann@example.com' });
    bob = await createAccount(sut, 'member', { username: 'bob', email: 'bob@example.com' });
    cid = await createAccount(sut, 'admin', { username: 'cid', email: 'cid@example.com' });
    vic = await createAccount(sut, 'viewer', { username: 'vic', email: 'vic@example.com' });
    gone = await createAccount(sut, 'member', { username: 'gone', email: 'gone@example.com' });
    // Nobody takes every new lead by e-mail: the assignee's copy is the one routing sends.
    await sut.dataSource.query(`UPDATE users SET notify_new_lead = 'off'`);
    admin = await signedInAs(sut, lead);
    member = await signedInAs(sut, ann);
    viewer = await signedInAs(sut, vic);
    await admin
      .post('/api/admin/webhooks')
      .send({ url: hook.url, events: ['lead.created'] })
      .expect(201);
  }, 60_000);
  afterAll(async () => {
    await sut?.close();
    await Promise.all([smtp?.close(), hook?.stop()]);
  });
  beforeEach(async () => {
    await emptySubmissions(sut.dataSource, 'routing_cursors');
    await sut.dataSource.query(`UPDATE users SET away = false, disabled_at = NULL WHERE id <> $1`, [gone.id]);
    await sut.dataSource.query(`UPDATE users SET disabled_at = now() WHERE id = $1`, [gone.id]);
    await admin.put('/api/admin/routing').send({ rules: [], fallback: null }).expect(200);
    smtp.received.length = 0;
    hook.received.length = 0;
  });

  let written = 0;
  const lead = (overrides: Record<string, unknown> = {}) =>
    contactBody({ email: `person${(written += 1)}@example.org`, comments: `Lead number ${written}.`, ...overrides });
  const submit = async (body: Record<string, unknown>): Promise<string> =>
    (await request(sut.server).post('/api/contact').send(body).expect(201)).body.id;
  const assigneeOf = async (id: string): Promise<string | null> =>
    (await sut.dataSource.query(`SELECT assignee_id FROM contact_submissions WHERE id = $1`, [id]))[0].assignee_id;
  const route = (rules: Rule[], fallback: { pool: string[]; strategy: Strategy } | null = null) =>
    admin.put('/api/admin/routing').send({ rules, fallback }).expect(200);
  const rule = (name: string, pool: string[], when: Rule['when'] = [], strategy: Strategy = 'round-robin'): Rule => ({
    name,
    when,
    pool,
    strategy,
  });
  const counts = () => countsByAssignee((sql) => sut.dataSource.query(sql));

  describe('the rules', () => {
    it('start empty, with an ETag; members read them, admins change them', async () => {
      const read = await member.get('/api/admin/routing').expect(200);
      expect(read.body).toEqual({ rules: [], fallback: null });
      expect(read.headers.etag).toMatch(/^"\d+"$/);
      await viewer.get('/api/admin/routing').expect(403);
      await member.put('/api/admin/routing').send({ rules: [], fallback: null }).expect(403);
      await request(sut.server).get('/api/admin/routing').expect(401);

      const saved = await route(
        [rule('Partnerships', [ann.id, bob.id], [{ field: 'interest', op: 'is', value: 'partnership' }])],
        {
          pool: [cid.id],
          strategy: 'least-open',
        },
      );
      const again = await member.get('/api/admin/routing').expect(200);
      expect(again.body).toEqual({
        rules: [
          {
            name: 'Partnerships',
            when: [{ field: 'interest', op: 'is', value: 'partnership' }],
            pool: [ann.id, bob.id],
            strategy: 'round-robin',
          },
        ],
        fallback: { pool: [cid.id], strategy: 'least-open' },
      });
      expect(again.headers.etag).toBe(saved.headers.etag);
      expect(again.headers.etag).not.toBe(read.headers.etag);
    });

    it("refuse a save over someone else's (412 with If-Match), and take one with the current ETag", async () => {
      const { headers } = await admin.get('/api/admin/routing').expect(200);
      await route([rule('Everyone', [ann.id])]);
      const refused = await admin
        .put('/api/admin/routing')
        .set('If-Match', headers.etag)
        .send({ rules: [rule('Mine', [bob.id])], fallback: null })
        .expect(412);
      expect(refused.body.message).toBe('The routing rules changed since you read them');
      expect((await admin.get('/api/admin/routing').expect(200)).body.rules.map((r: Rule) => r.name)).toEqual(['Everyone']);
      const current = (await admin.get('/api/admin/routing').expect(200)).headers.etag;
      await admin
        .put('/api/admin/routing')
        .set('If-Match', current)
        .send({ rules: [rule('Mine', [bob.id])], fallback: null })
        .expect(200);
    });

    it('answer 400 naming an unknown field or operator, and a pool member who is not an active member or admin', async () => {
      const refused = async (body: object) => (await admin.put('/api/admin/routing').send(body).expect(400)).body.message;
      expect(
        await refused({ rules: [rule('A', [ann.id], [{ field: 'country', op: 'is', value: 'FR' }])], fallback: null }),
      ).toEqual([expect.stringContaining('rules[0].when[0].field "country" is not one of')]);
      expect(
        await refused({ rules: [rule('A', [ann.id], [{ field: 'company', op: 'startsWith', value: 'A' }])], fallback: null }),
      ).toEqual([expect.stringContaining('rules[0].when[0].op "startsWith" is not one of')]);
      expect(
        await refused({ rules: [rule('A', [ann.id, vic.id])], fallback: { pool: [gone.id], strategy: 'round-robin' } }),
      ).toEqual([
        `rules[0] (A).pool: ${vic.id} is not an active member or admin`,
        `fallback.pool: ${gone.id} is not an active member or admin`,
      ]);
      expect(await refused({ rules: [{ ...rule('A', [ann.id]), strategy: 'random' }], fallback: null })).toEqual([
        expect.stringContaining('rules[0].strategy "random" is not one of'),
      ]);
      expect(await refused({ rules: [rule('A', [ann.id]), rule('a', [bob.id])], fallback: null })).toEqual([
        'rules[1].name "a" is used by another rule',
      ]);
      expect(await refused({ rules: [], fallback: null, extra: 1 })).toEqual(['property extra should not exist']);
      // Nothing was stored.
      expect((await admin.get('/api/admin/routing').expect(200)).body).toEqual({ rules: [], fallback: null });
    });
  });

  describe('at intake', () => {
    it('leaves leads unassigned without rules, as before', async () => {
      const id = await submit(lead());
      expect(await assigneeOf(id)).toBeNull();
      const detail = (await admin.get(`/api/admin/contacts/${id}`).expect(200)).body;
      expect(detail.routing).toBeNull();
      expect(detail.history).toEqual([]);
    });

    it('matches each field and operator ignoring letter case; the first matching rule wins, then the fallback', async () => {
      await route(
        [
          rule('Interest', [ann.id], [{ field: 'interest', op: 'is', value: 'PARTNERSHIP' }]),
          rule('Company', [bob.id], [{ field: 'company', op: 'contains', value: 'acme' }]),
          rule('Domain', [cid.id], [{ field: 'emailDomain', op: 'endsWith', value: '.EDU' }]),
          rule('Source', [ann.id], [{ field: 'source', op: 'in', value: ['linkedin', 'Newsletter'] }]),
          rule(
            'Campaign',
            [bob.id],
            [
              { field: 'campaign', op: 'is', value: 'spring' },
              { field: 'referrerDomain', op: 'endsWith', value: 'google.com' },
            ],
          ),
        ],
        { pool: [cid.id], strategy: 'round-robin' },
      );
      const cases: Array<[Record<string, unknown>, string, string | null]> = [
        [{ interest: 'partnership', company: 'ACME' }, ann.id, 'Interest'],
        [{ company: 'The Acme Corporation' }, bob.id, 'Company'],
        [{ email: 'prof@Uni.Example.EDU' }, cid.id, 'Domain'],
        [{ utmSource: 'NEWSLETTER' }, ann.id, 'Source'],
        [{ utmCampaign: 'Spring', referrer: 'https://www.Google.com/search?q=x' }, bob.id, 'Campaign'],
        // One condition of two holds: the rule does not match; the fallback takes it.
        [{ utmCampaign: 'spring', referrer: 'https://bing.com/' }, cid.id, null],
        [{ company: 'Initech' }, cid.id, null],
      ];
      for (const [fields, assignee, ruleName] of cases) {
        const email = typeof fields.email === 'string' ? fields.email : `p${(written += 1)}@example.org`;
        const id = await submit(lead({ company: 'Initech', ...fields, email }));
        expect([fields, await assigneeOf(id)]).toEqual([fields, assignee]);
        const detail = (await admin.get(`/api/admin/contacts/${id}`).expect(200)).body;
        expect(detail.routing).toEqual({ rule: ruleName, reason: 'round robin' });
      }
    });

    it('deals a round-robin pool exactly under concurrent intake: 30 leads, 6 at a time, 10 each', async () => {
      await route([rule('Everyone', [ann.id, bob.id, cid.id])]);
      await postInWaves([url], 30, 6, (i) => lead({ name: `Wave ${i}` }));
      expect(await counts()).toEqual({ [ann.id]: 10, [bob.id]: 10, [cid.id]: 10 });
    });

    it('gives a returning lead to its owner first; skips away and disabled people; an empty pool passes to the next rule', async () => {
      await route([rule('Team', [ann.id, bob.id]), rule('Cid', [cid.id])]);
      const first = await submit(lead({ email: 'back@example.org' }));
      expect(await assigneeOf(first)).toBe(ann.id);
      await route([rule('Team', [bob.id])]);
      const again = await submit(lead({ email: ' Back+2@Example.org' }));
      expect(await assigneeOf(again)).toBe(ann.id);

      await route([rule('Team', [ann.id, bob.id]), rule('Cid', [cid.id])]);
      await member.patch('/api/auth/me').send({ away: true }).expect(200);
      expect((await member.get('/api/auth/me').expect(200)).body.away).toBe(true);
      expect(await submit(lead()).then(assigneeOf)).toBe(bob.id);
      expect(await submit(lead()).then(assigneeOf)).toBe(bob.id);
      await admin.patch(`/api/admin/users/${bob.id}`).send({ disabled: true }).expect(200);
      // Nobody of Team is available: Cid's rule takes it.
      expect(await submit(lead()).then(assigneeOf)).toBe(cid.id);
      await admin.patch(`/api/admin/users/${cid.id}`).send({ away: true }).expect(200);
      const listed = (await admin.get('/api/admin/users').expect(200)).body as Array<{ id: string; away: boolean }>;
      expect(listed.find((user) => user.id === cid.id)?.away).toBe(true);
      expect(await submit(lead()).then(assigneeOf)).toBeNull();
      await member.patch('/api/auth/me').send({ away: false }).expect(200);
      expect(await submit(lead()).then(assigneeOf)).toBe(ann.id);
      await request(sut.server).patch('/api/auth/me').send({ away: true }).expect(401);
      await member.patch('/api/auth/me').send({ away: 'yes' }).expect(400);
    });

    it('least open: the available member with the fewest leads in new or contacted', async () => {
      await route([rule('Open', [ann.id, bob.id, cid.id], [], 'least-open')]);
      await sut.dataSource.query(
        `INSERT INTO contact_submissions (name, email, interest, status, assignee_id)
         VALUES ('x', 'x1@example.org', 'community', 'new', $1), ('x', 'x2@example.org', 'community', 'contacted', $1),
                ('x', 'x3@example.org', 'community', 'new', $2), ('x', 'x4@example.org', 'community', 'qualified', $3),
                ('x', 'x5@example.org', 'community', 'archived', $3), ('x', 'x6@example.org', 'community', 'new', $3)`,
        [ann.id, bob.id, cid.id],
      );
      // ann 2 open, bob 1, cid 1 (its qualified and archived ones do not count): bob first (pool order), then cid.
      expect(await submit(lead()).then(assigneeOf)).toBe(bob.id);
      expect(await submit(lead()).then(assigneeOf)).toBe(cid.id);
      const third = await submit(lead());
      expect([ann.id, bob.id, cid.id]).toContain(await assigneeOf(third));
      expect((await admin.get(`/api/admin/contacts/${third}`).expect(200)).body.routing).toEqual({
        rule: 'Open',
        reason: 'fewest open leads',
      });
    });

    it("records an assign event by routing, and sends the routing in lead.created and the assignee's e-mail", async () => {
      await route([rule('Partnerships', [bob.id], [{ field: 'interest', op: 'is', value: 'partnership' }])], {
        pool: [cid.id],
        strategy: 'round-robin',
      });
      const stream = await openEventStream(`${url}/api/admin/events`, await signInCookie(url));
      await stream.next('the retry line', (message) => message.retry !== undefined);
      const routed = await submit(lead({ name: 'Pat Partner', interest: 'partnership' }));
      const answered = Date.now();
      const fallen = await submit(lead({ name: 'Fay Fallback' }));
      const live = await stream.next(
        'the live lead.created',
        (message) => message.event === 'lead.created' && message.data?.includes(routed) === true,
      );
      stream.close();
      expect(JSON.parse(live.data!)).toEqual({
        id: routed,
        assigneeId: bob.id,
        routing: { rule: 'Partnerships', reason: 'round robin' },
      });

      const detail = (await admin.get(`/api/admin/contacts/${routed}`).expect(200)).body;
      expect(detail.history).toEqual([
        expect.objectContaining({
          action: 'assign',
          actor: 'routing',
          actorId: null,
          detail: { from: null, to: bob.id, routing: { rule: 'Partnerships', reason: 'round robin' } },
        }),
      ]);
      await waitFor('both lead.created webhooks', () => hook.received.length === 2);
      const created = (id: string) =>
        hook.received.find((post) => post.json.data?.id === id)?.json.data as Record<string, unknown>;
      expect(created(routed)).toMatchObject({ assigneeId: bob.id, routing: { rule: 'Partnerships', reason: 'round robin' } });
      expect(created(fallen)).toMatchObject({ assigneeId: cid.id, routing: { rule: null, reason: 'round robin' } });

      await waitFor("the assignees' e-mails", () => smtp.received.length === 2);
      const to = (address: string) => smtp.received.find(({ envelopeTo }) => envelopeTo.includes(address))!.mail;
      expect(to('bob@example.com').subject).toBe('New lead: Pat Partner – Partnership Opportunities');
      expect(to('bob@example.com').text).toContain('Assigned to you by the rule Partnerships, round robin.');
      expect(to('bob@example.com').html).toContain('Assigned to you by the rule Partnerships, round robin.');
      expect(to('cid@example.com').text).toContain('Assigned to you by the fallback, round robin.');
      const told = smtp.received.find(({ envelopeTo }) => envelopeTo.includes('bob@example.com'))!.at;
      console.log(`routing: the owner's e-mail was taken by the SMTP server ${told - answered} ms after the 201`);
    });

    it("escapes a rule's name in the assignee's e-mail", async () => {
      await route([rule('<b>VIP</b> & "co"', [bob.id])]);
      await submit(lead({ name: 'Val Vip' }));
      await waitFor('the e-mail', () => smtp.received.length === 1);
      const { html, text } = smtp.received[0].mail;
      expect(text).toContain('Assigned to you by the rule <b>VIP</b> & "co", round robin.');
      expect(html).toContain('the rule &lt;b&gt;VIP&lt;/b&gt; &amp; &quot;co&quot;, round robin.');
      expect(html).not.toContain('<b>VIP</b>');
    });
  });

  describe('the dry run', () => {
    it('answers who and why, stores and counts nothing: the next real lead still gets the next member in turn', async () => {
      await route([rule('Everyone', [ann.id, bob.id, cid.id], [{ field: 'emailDomain', op: 'is', value: 'example.org' }])]);
      expect(await submit(lead()).then(assigneeOf)).toBe(ann.id);
      const sample = { interest: 'community', email: 'sam@EXAMPLE.org', company: null };
      for (let i = 0; i < 3; i += 1)
        expect((await member.post('/api/admin/routing/test').send(sample).expect(200)).body).toEqual({
          assigneeId: bob.id,
          rule: 'Everyone',
          reason: 'round robin',
        });
      expect(
        (await member.post('/api/admin/routing/test').send({ interest: 'community', email: 'x@elsewhere.io' }).expect(200)).body,
      ).toEqual({ assigneeId: null, rule: null, reason: 'no rule matched' });
      expect(await counts()).toEqual({ [ann.id]: 1 });
      expect(await submit(lead()).then(assigneeOf)).toBe(bob.id);
      await viewer.post('/api/admin/routing/test').send(sample).expect(403);
      await member.post('/api/admin/routing/test').send({ email: 'x@example.org' }).expect(400);
    });

    it("names a returning lead's owner", async () => {
      await route([rule('Everyone', [bob.id])]);
      const first = await submit(lead({ email: 'again@example.org' }));
      await admin.patch(`/api/admin/contacts/${first}`).send({ assigneeId: ann.id }).expect(200);
      expect(
        (await member.post('/api/admin/routing/test').send({ interest: 'community', email: 'Again@example.org' }).expect(200))
          .body,
      ).toEqual({
        assigneeId: ann.id,
        rule: null,
        reason: 'returning lead',
      });
    });
  });
});

describe('routing of held spam', () => {
  let sut: TestApp;
  let admin: Agent;
  let ann: TestAccount;

  beforeAll(async () => {
    sut = await createTestApp({ env: { SPAM_FILTER: 'on', CONTACT_RATE_LIMIT: '10000' } });
    const lead = await createAccount(sut, 'admin');
    ann = await createAccount(sut, 'member');
    admin = await signedInAs(sut, lead);
    await admin
      .put('/api/admin/routing')
      .send({ rules: [], fallback: { pool: [ann.id], strategy: 'round-robin' } })
      .expect(200);
  }, 60_000);
  afterAll(() => sut?.close());

  it('routes a held lead when it is released, not before', async () => {
    const spam = contactBody({
      name: 'Cheap Viagra',
      email: 'sales@pharma.example',
      company: undefined,
      linkedin: undefined,
      comments: 'Buy viagra and cialis online, no prescription: https://pharma.example https://pharma.example/order',
    });
    const { id } = (await request(sut.server).post('/api/contact').send(spam).expect(201)).body;
    const held = (await admin.get(`/api/admin/contacts/${id}`).expect(200)).body;
    expect(held).toMatchObject({ heldAsSpam: true, assigneeId: null, routing: null });
    const [{ position }] = await sut.dataSource.query(`SELECT coalesce(max(position), 0)::int AS position FROM routing_cursors`);
    expect(position).toBe(0);

    await admin.patch(`/api/admin/contacts/${id}`).send({ status: 'new' }).expect(200);
    const released = (await admin.get(`/api/admin/contacts/${id}`).expect(200)).body;
    expect(released).toMatchObject({ heldAsSpam: false, assigneeId: ann.id, routing: { rule: null, reason: 'round robin' } });
    expect(released.history.map((event: { action: string; actor: string | null }) => [event.action, event.actor])).toEqual(
      expect.arrayContaining([
        ['assign', 'routing'],
        ['release', expect.any(String)],
      ]),
    );
  });
});

describe('round robin with two API processes on one database', () => {
  let sut: TestApp;
  const apis: ApiProcess[] = [];

  beforeAll(async () => {
    await buildApi();
    sut = await createTestApp();
    for (let i = 0; i < 2; i += 1)
      apis.push(await startApiProcess({ DATABASE_URL: sut.databaseUrl, CONTACT_RATE_LIMIT: '10000' }));
  }, 180_000);
  afterAll(async () => {
    for (const api of apis) await api.stop();
    await sut?.close();
  });

  it('deals 30 leads, 6 at a time through both processes, 10 to each of three', async () => {
    const people = await Promise.all(['member', 'member', 'admin'].map((role) => createAccount(sut, role as 'member' | 'admin')));
    const admin = await signedInAs(sut, await createAccount(sut, 'admin'));
    await admin
      .put('/api/admin/routing')
      .send({ rules: [{ name: 'All', when: [], pool: people.map(({ id }) => id), strategy: 'round-robin' }], fallback: null })
      .expect(200);
    await postInWaves(
      apis.map(({ url }) => url),
      30,
      6,
      (i) => contactBody({ name: `Replica ${i}`, email: `replica${i}@example.org`, comments: `Lead ${i}.` }),
    );
    expect(await countsByAssignee((sql) => sut.dataSource.query(sql))).toEqual(
      Object.fromEntries(people.map(({ id }) => [id, 10])),
    );
  }, 60_000);
});
