import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createAccount, TEAM_PASSWORD, type TestAccount } from './support/accounts.js';
import { contactBody } from './support/contacts.js';
import { type EventStreamClient, openEventStream } from './support/event-stream.js';
import { waitFor } from './support/sheets-endpoint.js';
import { createTestApp, DEV_ADMIN, type TestApp } from './support/test-app.js';

const HEARTBEAT_MS = 200;
/** A stream must close within one heartbeat of its session's end; the test allows a few more under load. */
const CLOSES_WITHIN_MS = 10 * HEARTBEAT_MS + 3_000;

/** A live event stream is bound to its session: it closes when the session ends, whatever ends it. */
describe('live event streams and their session', () => {
  let sut: TestApp;
  let baseUrl: string;
  const streams: EventStreamClient[] = [];

  beforeAll(async () => {
    sut = await createTestApp({ env: { EVENTS_HEARTBEAT_MS: String(HEARTBEAT_MS) } });
    sut.server.listen(0, '127.0.0.1');
    await once(sut.server, 'listening');
    baseUrl = `http://127.0.0.1:${(sut.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await sut.close();
  });

  /** Signs in as `account`; returns its cookies, for a Cookie header. */
  const cookieOf = async (account: { username: string; password: string }) => {
    const res = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: account.username, password: account.password }),
    });
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
  };
  const subscribe = async (cookie: string) => {
    const stream = await openEventStream(`${baseUrl}/api/admin/events`, cookie);
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next('the retry line', (message) => message.retry !== undefined);
    return stream;
  };
  const isEnded = (stream: EventStreamClient) => {
    let ended = false;
    void stream.ended.then(() => (ended = true));
    return () => ended;
  };
  const expectClosed = (stream: EventStreamClient) =>
    waitFor('the stream closed by the server', isEnded(stream), CLOSES_WITHIN_MS);
  const call = (method: 'get' | 'post' | 'delete' | 'patch', path: string, cookie: string) =>
    request(sut.server)[method](path).set('Cookie', cookie);
  const member = (): Promise<TestAccount> => createAccount(sut, 'member');

  it('closes after sign-out, and delivers no lead stored after', async () => {
    const account = await member();
    const cookie = await cookieOf(account);
    const stream = await subscribe(cookie);

    await call('post', '/api/auth/logout', cookie).expect(204);
    await expectClosed(stream);

    await request(sut.server).post('/api/contact').send(contactBody()).expect(201);
    expect(stream.messages.filter((message) => message.event === 'lead.created')).toEqual([]);
  });

  it('closes when the session is ended from another device', async () => {
    const account = await member();
    const [phone, laptop] = [await cookieOf(account), await cookieOf(account)];
    const stream = await subscribe(phone);
    const sessions = (await call('get', '/api/auth/sessions', laptop).expect(200)).body as Array<{
      id: string;
      current: boolean;
    }>;
    const other = sessions.find((session) => !session.current)!;

    await call('delete', `/api/auth/sessions/${other.id}`, laptop).expect(204);

    await expectClosed(stream);
    const laptopStream = await subscribe(laptop);
    expect(isEnded(laptopStream)()).toBe(false);
  });

  it('closes when the account is disabled', async () => {
    const account = await member();
    const stream = await subscribe(await cookieOf(account));
    const admin = await cookieOf(DEV_ADMIN);

    await call('patch', `/api/admin/users/${account.id}`, admin).send({ disabled: true }).expect(200);

    await expectClosed(stream);
  });

  it("closes another session's stream when the password is changed", async () => {
    const account = await member();
    const [phone, laptop] = [await cookieOf(account), await cookieOf(account)];
    const stream = await subscribe(phone);

    await call('post', '/api/auth/password', laptop)
      .send({ currentPassword: TEAM_PASSWORD, newPassword: 'another teammate passphrase 9' })
      .expect(204);

    await expectClosed(stream);
  });

  it('closes when the session expires', async () => {
    const account = await member();
    const stream = await subscribe(await cookieOf(account));

    await sut.dataSource.query(
      `UPDATE user_sessions SET expire = now() - interval '1 second' WHERE sess -> 'user' ->> 'id' = $1`,
      [account.id],
    );

    await expectClosed(stream);
  });

  it('keeps at most 5 streams per account open: a sixth closes the oldest', async () => {
    const account = await member();
    const cookie = await cookieOf(account);
    const opened: EventStreamClient[] = [];
    for (let i = 0; i < 5; i += 1) opened.push(await subscribe(cookie));
    const ended = opened.map(isEnded);

    await subscribe(cookie);

    await waitFor('the oldest stream closed', ended[0]);
    // Told to wait a minute before reconnecting, so that six tabs do not take turns closing each other.
    expect(opened[0].messages.map((message) => message.retry).filter(Boolean)).toEqual(['2000', '60000']);
    // The other four still get heartbeats.
    const beats = (stream: EventStreamClient) => stream.messages.filter((message) => message.comment === 'heartbeat').length;
    const before = opened.map(beats);
    await waitFor('four streams still beating', () => opened.slice(1).every((stream, i) => beats(stream) > before[i + 1]));
    expect(ended.map((check) => check())).toEqual([true, false, false, false, false]);
  });
});
