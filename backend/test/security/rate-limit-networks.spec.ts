import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { contactBody } from '../support/contacts.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Finding: the limits keyed an IPv6 client on its full address, and one subscriber holds a
// whole /64: a new address for every request made every limit endless.
describe('rate limits behind the trusted proxy, by client network', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp({ env: { CONTACT_RATE_LIMIT: '3', TRUST_PROXY: '1' } });
  });
  afterAll(() => sut.close());

  /** An address of the /64 `net` (2001:db8:0:<net>::/64), different on every call. */
  let hosts = 0;
  const inNetwork = (net: number) => `2001:db8:0:${net}:${(hosts += 1).toString(16)}:${hosts.toString(16)}::1`;

  const submit = (ip: string) => request(sut.server).post('/api/contact').set('X-Forwarded-For', ip).send(contactBody());
  // A username of its own each time: only the IP's count adds up (no per-username slow-down).
  const login = (ip: string) =>
    request(sut.server)
      .post('/api/auth/login')
      .set('X-Forwarded-For', ip)
      .send({ username: `nobody-${hosts}`, password: 'wrong-guess' });
  const askReset = (ip: string) =>
    request(sut.server).post('/api/auth/password-reset').set('X-Forwarded-For', ip).send({ email: 'nobody@example.com' });

  it('counts the contact form per /64: a new address of the same network does not get a new budget', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) statuses.push((await submit(inNetwork(1))).status);

    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    await submit(inNetwork(2)).expect(201); // the next /64 is another client
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const statuses: number[] = [];
    for (const ip of ['198.51.100.40', '::ffff:198.51.100.40', '::ffff:c633:6428', '198.51.100.40']) {
      statuses.push((await submit(ip)).status);
    }

    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('throttles sign-in per /64: past 20 failures from one network, 429 from any of its addresses', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 22; attempt += 1) statuses.push((await login(inNetwork(3))).status);

    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('throttles the password-reset request per /64', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) statuses.push((await askReset(inNetwork(4))).status);

    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429]);
  });
});
