import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { LeadCreatedListener } from '../src/live-events/lead-created-listener.service.js';
import { createAccount, TEAM_PASSWORD } from './support/accounts.js';
import { type ApiProcess, buildApi, startApiProcess } from './support/api-process.js';
import { contactBody } from './support/contacts.js';
import { type EventStreamClient, openEventStream, signInCookie } from './support/event-stream.js';
import { waitFor } from './support/sheets-endpoint.js';
import { createTestApp, createTestDatabase, type TestApp } from './support/test-app.js';

/**
 * The dashboard's live events across replicas: `other` is the built API as a process of its
 * own, `here` the app in this test process (so its subscriptions can be counted); both on
 * one database, as two replicas behind nginx.
 */
describe('GET /api/admin/events', () => {
  let other: ApiProcess;
  let here: TestApp;
  let hereUrl: string;
  let cookie: string;
  const streams: EventStreamClient[] = [];

  beforeAll(async () => {
    await buildApi();
    const databaseUrl = await createTestDatabase();
    other = await startApiProcess({ DATABASE_URL: databaseUrl, SHUTDOWN_DELAY_MS: '200' });
    here = await createTestApp({ databaseUrl, env: { EVENTS_HEARTBEAT_MS: '150' } });
    here.server.listen(0, '127.0.0.1');
    await once(here.server, 'listening');
    hereUrl = `http://127.0.0.1:${(here.server.address() as AddressInfo).port}`;
    cookie = await signInCookie(other.url);
  }, 120_000);
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await Promise.all([other?.stop('SIGKILL'), here?.close()]);
  });

  /** An open stream, once the server has written its first line (it is subscribed by then). */
  const subscribe = async (baseUrl: string, as = cookie) => {
    const stream = await openEventStream(`${baseUrl}/api/admin/events`, as);
    streams.push(stream);
    await stream.next('the retry line', (message) => message.retry !== undefined);
    return stream;
  };
  const submit = async (baseUrl: string) => {
    const res = await fetch(`${baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(contactBody()),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const leadCreated = (stream: EventStreamClient, id: string) =>
    stream.next(`lead.created for ${id}`, (message) => message.event === 'lead.created' && message.data?.includes(id) === true);
  /** The server processes of the LISTEN connections on this database. */
  const listenPids = async () => {
    const rows = await here.dataSource.query<Array<{ pid: number }>>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN lead_created;%'`,
    );
    return rows.map((row) => row.pid);
  };

  it('answers 401 without a session', async () => {
    const res = await fetch(`${hereUrl}/api/admin/events`);
    expect(res.status).toBe(401);
  });

  it("brings a lead stored by another replica to this one's subscribers: its id and owner (none without routing), no personal data", async () => {
    const stream = await subscribe(hereUrl);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');

    const id = await submit(other.url);

    expect(JSON.parse((await leadCreated(stream, id)).data!)).toEqual({ id, assigneeId: null, routing: null });
  });

  it("brings every kind of change made on another replica to a second session's stream", async () => {
    const member = await createAccount(here, 'member');
    const stream = await subscribe(hereUrl, await signInCookie(hereUrl, { username: member.username, password: TEAM_PASSWORD }));
    const send = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${other.url}${path}`, {
        method,
        headers: { cookie, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(res.status).toBeLessThan(300);
      return res.status === 204 ? undefined : ((await res.json()) as { id: string });
    };
    const event = (type: string, data: unknown) =>
      stream.next(
        `${type} ${JSON.stringify(data)}`,
        (message) => message.event === type && message.data === JSON.stringify(data),
      );
    const updates = (id: string) =>
      stream.messages.filter((message) => message.event === 'lead.updated' && message.data?.includes(id));

    const id = await submit(other.url);
    await send('PATCH', `/api/admin/contacts/${id}`, { status: 'contacted' });
    await event('lead.updated', { id });
    await send('PATCH', `/api/admin/contacts/${id}`, { assigneeId: member.id });
    await stream.next('a second lead.updated', () => updates(id).length === 2);
    const note = await send('POST', `/api/admin/contacts/${id}/notes`, { body: 'Called her.' });
    await stream.next('a third lead.updated', () => updates(id).length === 3);
    await send('DELETE', `/api/admin/contacts/${id}/notes/${note!.id}`);
    await stream.next('a fourth lead.updated', () => updates(id).length === 4);
    await send('DELETE', `/api/admin/contacts/${id}`);
    await event('lead.erased', { ids: [id] });

    await send('PATCH', `/api/admin/users/${member.id}`, { role: 'viewer' });
    await event('team.updated', {});
    const { inviteUrl } = (await send('POST', '/api/admin/invitations', {
      email: 'newcomer@example.com',
      role: 'member',
    })) as unknown as {
      inviteUrl: string;
    };
    const accepted = await fetch(`${other.url}/api/auth/invitations/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: inviteUrl.split('#')[1], username: 'newcomer', password: TEAM_PASSWORD }),
    });
    expect(accepted.status).toBe(201);
    await stream.next(
      'a second team.updated',
      () => stream.messages.filter((message) => message.event === 'team.updated').length === 2,
    );
    // Only ids: no personal data in the stream.
    expect(stream.messages.filter((message) => message.data?.includes('Called'))).toEqual([]);
  });

  it('sends a comment line every EVENTS_HEARTBEAT_MS', async () => {
    const stream = await subscribe(hereUrl);
    await waitFor(
      'two heartbeats',
      () => stream.messages.filter((message) => message.comment === 'heartbeat').length >= 2,
      5_000,
    );
  });

  it('listens on one connection per process however many streams are open, and forgets a stream that closed', async () => {
    const listener = here.app.get(LeadCreatedListener);
    const before = listener.subscriberCount;
    const opened = await Promise.all([subscribe(hereUrl), subscribe(hereUrl), subscribe(hereUrl)]);
    expect(listener.subscriberCount).toBe(before + 3);
    expect(await listenPids()).toHaveLength(2);

    for (const stream of opened) stream.close();
    await waitFor('the closed streams unsubscribed', () => listener.subscriberCount === before);
  });

  it('listens again after its connection to the database was cut', async () => {
    const stream = await subscribe(hereUrl);
    const cut = await listenPids();
    await here.dataSource.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [cut]);
    await waitFor('both LISTEN connections back', async () => {
      const pids = await listenPids();
      return pids.length === 2 && !pids.some((pid) => cut.includes(pid));
    });

    const id = await submit(other.url);
    await leadCreated(stream, id);
  });

  it('ends open event streams on SIGTERM, and the process exits well within 25 s', async () => {
    const stream = await subscribe(other.url);
    const started = Date.now();
    const exited = other.stop('SIGTERM');
    await stream.ended;
    await exited;
    const took = Date.now() - started;
    console.log(`SIGTERM with an event stream open: exited in ${took} ms`);
    expect(other.child.exitCode).toBe(0);
    // Without ending the stream the drain would wait for its 12 s cut-off.
    expect(took).toBeLessThan(10_000);
  });
});
