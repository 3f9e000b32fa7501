import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { contactBody } from './support/contacts.js';
import { emptySubmissions } from './support/seed.js';
import { createTestApp, type TestApp } from './support/test-app.js';

describe('POST /api/contact', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp({ env: { CONTACT_RATE_LIMIT: '10000' } });
  });
  afterAll(() => sut.close());
  beforeEach(() => emptySubmissions(sut.dataSource));

  const stored = () => sut.dataSource.query('SELECT * FROM contact_submissions');
  const post = (body: unknown) =>
    request(sut.server)
      .post('/api/contact')
      .send(body as object);

  it('stores a submission and answers 201 with the thank-you message and its id', async () => {
    const res = await post(contactBody()).expect(201);

    expect(res.body).toEqual({
      message: "Thank you for your submission! We'll be in touch soon.",
      id: expect.any(String),
      booking: null,
    });
    const [row] = await stored();
    expect(row).toMatchObject({
      id: res.body.id,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      linkedin: 'https://www.linkedin.com/in/ada',
      company: 'Analytical Engines',
      interest: 'empower-team',
      comments: 'We hire twenty engineers a quarter.',
    });
    expect(Date.now() - new Date(row.submitted_at).getTime()).toBeLessThan(60_000);
  });

  it('trims strings and stores empty optional fields as NULL', async () => {
    await post(
      contactBody({ name: '  Grace Hopper ', email: ' grace@example.com ', linkedin: '', company: '   ', comments: '' }),
    ).expect(201);

    const [row] = await stored();
    expect(row).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      linkedin: null,
      company: null,
      comments: null,
    });
  });

  it('accepts the optional fields left out', async () => {
    await post({ name: 'Grace', email: 'grace@example.com', interest: 'community' }).expect(201);
    expect(await stored()).toHaveLength(1);
  });

  it.each([
    [{ name: 'A' }, 'Name must be at least 2 characters'],
    [{ name: '  A  ' }, 'Name must be at least 2 characters'],
    [{ name: undefined }, 'Name must be at least 2 characters'],
    [{ name: 42 }, 'Name must be at least 2 characters'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ email: undefined }, 'Please enter a valid email address'],
    [{ linkedin: 'linkedin.com/in/ada' }, 'Please enter a valid LinkedIn URL'],
    [{ linkedin: 'javascript:alert(1)' }, 'Please enter a valid LinkedIn URL'],
    [{ linkedin: 'ftp://files.example.com/ada' }, 'Please enter a valid LinkedIn URL'],
    [{ interest: undefined }, 'Please select your primary interest'],
    [{ interest: 'sales' }, 'Please select your primary interest'],
    [{ name: 'x'.repeat(201) }, 'Name must be at most 200 characters'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'Email must be at most 254 characters'],
    [{ company: 'x'.repeat(201) }, 'Company must be at most 200 characters'],
    [{ linkedin: `https://www.linkedin.com/in/${'a'.repeat(2048)}` }, 'LinkedIn URL must be at most 2048 characters'],
    [{ comments: 'x'.repeat(5001) }, 'Comments must be at most 5000 characters'],
    [{ role: 'admin' }, 'property role should not exist'],
  ])('refuses %j with "%s" and stores nothing', async (overrides, message) => {
    const res = await post(contactBody(overrides)).expect(400);

    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.body.message).toContain(message);
    expect(await stored()).toHaveLength(0);
  });

  it('accepts every limit exactly at its maximum', async () => {
    const body = contactBody({
      name: 'x'.repeat(200),
      email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`,
      company: 'x'.repeat(200),
      linkedin: `https://www.linkedin.com/in/${'a'.repeat(2048 - 28)}`,
      comments: 'x'.repeat(5000),
    });
    expect((body.email as string).length).toBe(254);
    await post(body).expect(201);
  });

  // The form checks the address with the rule it reads from the generated file before it
  // sends anything: the API must answer the same for every address, or a visitor whose form
  // said yes reads a refusal (a phone's keyboard readily sends `first.last@gmail`).
  it("accepts exactly the e-mail addresses that the form's generated rule accepts", async () => {
    const generated = JSON.parse(
      readFileSync(new URL('../../frontend/src/generated/contact-rules.json', import.meta.url), 'utf8'),
    ) as { emailPattern?: { source: string; flags: string } };
    expect(generated.emailPattern).toBeDefined();
    const formAccepts = new RegExp(generated.emailPattern!.source, generated.emailPattern!.flags);
    const addresses = {
      accepted: ['first.last@gmail.com', 'ann+1@x.io', '"ann"@x.io', 'zoë@bücher.de', 'a@b.xn--p1ai', 'A.B@Sub.Example.ORG'],
      refused: [
        'first.last@gmail',
        'x@localhost',
        'a..b@x.com',
        '.a@x.com',
        'a@-b.com',
        'a@x.c',
        'a@1.2.3.4',
        'a b@x.io',
        'a@b_c.com',
      ],
    };
    for (const [expected, list] of Object.entries(addresses)) {
      for (const email of list) {
        const res = await post(contactBody({ email }));
        expect({ email, form: formAccepts.test(email) ? 'accepted' : 'refused' }).toEqual({ email, form: expected });
        expect({ email, api: res.status === 201 ? 'accepted' : res.body.message }).toEqual({
          email,
          api: expected === 'accepted' ? 'accepted' : ['Please enter a valid email address'],
        });
      }
    }
  });

  it('lists every failed rule at once', async () => {
    const res = await post({ name: 'A', email: 'x', linkedin: 'nope' }).expect(400);

    expect(res.body.message).toEqual(
      expect.arrayContaining([
        'Name must be at least 2 characters',
        'Please enter a valid email address',
        'Please enter a valid LinkedIn URL',
        'Please select your primary interest',
      ]),
    );
  });

  it('answers 400 to malformed JSON', async () => {
    const res = await request(sut.server)
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send('{"name": ')
      .expect(400);
    expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'request body is not valid JSON' });
  });

  it.each([['[]'], ['"text"'], ['null']])('answers 400 to the JSON value %s, which is no object', async (json) => {
    await request(sut.server).post('/api/contact').set('Content-Type', 'application/json').send(json).expect(400);
  });

  it('answers 415 to another content type', async () => {
    const res = await request(sut.server)
      .post('/api/contact')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('name=Ada&email=ada%40example.com&interest=community')
      .expect(415);
    expect(res.body).toMatchObject({ statusCode: 415, message: 'Content-Type must be application/json' });
  });

  it('answers 413 to a body over 16 KiB', async () => {
    const res = await post(contactBody({ comments: 'x'.repeat(17 * 1024) })).expect(413);
    expect(res.body).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
    expect(await stored()).toHaveLength(0);
  });

  it('never leaks internals in an error', async () => {
    const res = await post({ name: { $gt: '' }, email: ['a@example.com'], interest: 1 }).expect(400);
    expect(JSON.stringify(res.body)).not.toMatch(/"stack"|Error:|QueryFailedError|contact_submissions|node_modules/);
  });
});

describe('POST /api/contact with the honeypot filled', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut.close());

  it('answers like a success and stores nothing', async () => {
    const res = await request(sut.server)
      .post('/api/contact')
      .send(contactBody({ website: 'https://spam.example' }))
      .expect(201);

    expect(res.body).toEqual({
      message: "Thank you for your submission! We'll be in touch soon.",
      id: expect.any(String),
      booking: null,
    });
    expect(await sut.dataSource.query('SELECT id FROM contact_submissions')).toEqual([]);
  });

  it('stores the submission when the honeypot is left empty', async () => {
    await request(sut.server)
      .post('/api/contact')
      .send(contactBody({ website: '' }))
      .expect(201);
    expect(await sut.dataSource.query('SELECT id FROM contact_submissions')).toHaveLength(1);
  });
});
