import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { encodeCursor } from '../src/inbox/contacts-cursor.js';
import { contactBody } from './support/contacts.js';
import { emptySubmissions } from './support/seed.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

/** Refused text, depth, charset and keys (docs/operations.md, "bad input"): 4xx before validation, never 500. */
describe('input rules', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp({ env: { CONTACT_RATE_LIMIT: '10000' } });
  });
  afterAll(() => sut.close());
  beforeEach(() => emptySubmissions(sut.dataSource));

  const stored = async () => (await sut.dataSource.query('SELECT count(*)::int AS n FROM contact_submissions'))[0].n;
  const postRaw = (json: string, contentType = 'application/json') =>
    request(sut.server).post('/api/contact').set('Content-Type', contentType).send(json);

  it.each([
    ['a NUL in the name', { name: 'Ada\u0000Lovelace' }, 'name'],
    ['a NUL in the company', { company: 'Engines\u0000' }, 'company'],
    ['a NUL in the comments', { comments: 'hi\u0000' }, 'comments'],
    ['a NUL in a LinkedIn path', { linkedin: 'https://www.linkedin.com/in/a\u0000b' }, 'linkedin'],
    ['a lone surrogate in the e-mail', { email: 'ada\ud800@example.com' }, 'email'],
    ['a bidi override in the name', { name: 'Ada \u202eecalevoL' }, 'name'],
    ['a zero-width space in the company', { company: 'Ana\u200blytical' }, 'company'],
    ['a newline in the name', { name: 'Ada\nLovelace' }, 'name'],
    ['an escape character in the comments', { comments: 'colour \u001b[31m' }, 'comments'],
  ])('refuses %s with 400 naming the field', async (_what, overrides, field) => {
    const res = await request(sut.server).post('/api/contact').send(contactBody(overrides)).expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: [`${field} contains characters that are not allowed`],
    });
    expect(await stored()).toBe(0);
  });

  it('keeps newlines and tabs in the comments, and emoji anywhere', async () => {
    await request(sut.server)
      .post('/api/contact')
      .send(contactBody({ name: 'Zoë 👩‍💻', comments: 'line one\n\tline two\r\nthree' }))
      .expect(201);
    expect(await stored()).toBe(1);
  });

  it.each([['__proto__'], ['constructor']])('refuses the key %s with 400 naming it', async (key) => {
    const res = await postRaw(JSON.stringify(contactBody()).replace(/}$/, `,"${key}":{"admin":true}}`)).expect(400);
    expect(res.body.message).toEqual([`property ${key} should not exist`]);
    expect(await stored()).toBe(0);
  });

  it('refuses JSON nested deeper than 8 levels before parsing it further', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const res = await postRaw(`{"name":${deep}}`).expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'request body must be nested at most 8 levels deep',
    });
    // Eight levels are still a form body that the validation rules answer.
    const eight = '['.repeat(7) + '"x"' + ']'.repeat(7);
    await postRaw(`{"name":${eight}}`).expect(400);
  });

  it.each([['utf-7'], ['utf-16le'], ['latin1']])('answers 415 to charset=%s', async (charset) => {
    const res = await postRaw(JSON.stringify(contactBody()), `application/json; charset=${charset}`).expect(415);
    expect(res.body).toMatchObject({ statusCode: 415, message: 'request body must be UTF-8 JSON' });
    expect(await stored()).toBe(0);
  });

  it.each([['utf-8'], ['UTF-8']])('accepts charset=%s', async (charset) => {
    await postRaw(JSON.stringify(contactBody()), `application/json; charset=${charset}`).expect(201);
  });

  it('refuses a NUL in the sign-in username with 400, deep JSON too', async () => {
    const nul = await request(sut.server).post('/api/auth/login').send({ username: 'ad\u0000min', password: 'x' }).expect(400);
    expect(nul.body.message).toEqual(['username contains characters that are not allowed']);
    await request(sut.server)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(`{"username":${'['.repeat(3000)}${']'.repeat(3000)},"password":"x"}`)
      .expect(400);
  });

  it('refuses a forged cursor whose time PostgreSQL cannot hold', async () => {
    const agent = await signedInAgent(sut);
    const cursor = encodeCursor({ submittedAt: new Date(-8.64e15), id: '2b4c5d9e-3f1a-4b7c-8d2e-1f0a9b8c7d6e' });
    expect(cursor).toBeTruthy();
    const res = await agent.get(`/api/admin/contacts?cursor=${cursor}`).expect(400);
    expect(res.body.message).toEqual(['cursor is invalid']);
  });

  it('refuses a NUL in a query string with 400', async () => {
    const agent = await signedInAgent(sut);
    await agent.get('/api/admin/analytics?tz=UTC%00').expect(400);
  });
});
