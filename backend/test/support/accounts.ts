import request from 'supertest';
import { hashPassword } from '../../src/identity/passwords.js';
import type { Role } from '../../src/identity/roles.js';
import type { TestApp } from './test-app.js';

/** A password that passes the production rules. */
export const TEAM_PASSWORD = 'a teammate password 42';

export interface TestAccount {
  id: string;
  username: string;
  password: string;
}

let made = 0;
// TEAM_PASSWORD's hash, made once in each worker: every account shares the password, and an
// argon2id hash costs about 35 ms of CPU (hundreds of accounts a run). Signing in still verifies it.
let teamPasswordHash: Promise<string> | undefined;

/** An account stored straight in the table (the invitation path has its own tests). */
export async function createAccount(
  sut: TestApp,
  role: Role,
  options: { username?: string; email?: string; disabled?: boolean } = {},
): Promise<TestAccount> {
  made += 1;
  const username = options.username ?? `${role}-${made}-${process.pid}`;
  const [{ id }] = await sut.dataSource.query<Array<{ id: string }>>(
    `INSERT INTO users (username, password, email, display_name, role, disabled_at)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $6 THEN now() END) RETURNING id`,
    [
      username,
      await (teamPasswordHash ??= hashPassword(TEAM_PASSWORD)),
      options.email ?? `${username}@example.com`,
      `The ${username}`,
      role,
      options.disabled ?? false,
    ],
  );
  return { id, username, password: TEAM_PASSWORD };
}

/** A client signed in as `account` (its cookie jar keeps the cookie). */
export async function signedInAs(sut: TestApp, account: { username: string; password: string }) {
  const agent = request.agent(sut.server);
  await agent.post('/api/auth/login').send({ username: account.username, password: account.password }).expect(200);
  return agent;
}
