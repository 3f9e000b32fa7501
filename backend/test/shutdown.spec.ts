import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ApiProcess, buildApi, startApiProcess } from './support/api-process.js';
import { createTestDatabase } from './support/test-app.js';

/** A rolling deploy sends SIGTERM: requests in flight must still be answered. */
describe('graceful shutdown (SIGTERM)', () => {
  let api: ApiProcess;

  beforeAll(async () => {
    buildApi();
    api = await startApiProcess({ DATABASE_URL: await createTestDatabase() });
  }, 120_000);
  afterAll(() => api.stop('SIGKILL'));

  const login = (password: string) =>
    fetch(`${api.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '192.0.2.99' },
      body: JSON.stringify({ username: 'admin', password }),
    });

  it('answers the request in flight, then stops taking new ones and exits', async () => {
    // Three failed sign-ins make the next one wait a second before it answers: a slow request.
    for (const attempt of [1, 2, 3]) expect((await login(`wrong-${attempt}`)).status).toBe(401);
    const inFlight = login('wrong-4');
    await new Promise((resolve) => setTimeout(resolve, 300));

    const exited = api.stop('SIGTERM');
    const res = await inFlight;
    await exited;

    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Invalid username or password' });
    await expect(fetch(`${api.url}/api/health/live`)).rejects.toThrow();
    expect(api.child.exitCode === 0 || api.child.signalCode === 'SIGTERM').toBe(true);
  }, 30_000);
});
