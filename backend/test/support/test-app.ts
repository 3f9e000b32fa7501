import { randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test, type TestingModuleBuilder } from '@nestjs/testing';
import pg from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { configureApp } from '../../src/app-setup.js';
import { AppModule } from '../../src/app.module.js';

/** A fresh, empty database on the test server (see global-setup.mjs); returns its URL. */
export async function createTestDatabase(): Promise<string> {
  const serverUrl = process.env.TEST_SERVER_URL;
  if (!serverUrl) throw new Error('TEST_SERVER_URL is not set: run the tests with `npm test`');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface TestAppOptions {
  /** Environment on top of the test defaults. */
  env?: NodeJS.ProcessEnv;
  /** An existing database (to share it between app instances); a fresh one otherwise. */
  databaseUrl?: string;
  /** Replace providers, e.g. the clock. */
  override?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
}

export interface TestApp {
  app: NestExpressApplication;
  /** The HTTP server, for supertest. */
  server: ReturnType<NestExpressApplication['getHttpServer']>;
  dataSource: DataSource;
  databaseUrl: string;
  close(): Promise<void>;
}

/** The real app, configured as in production, on a real PostgreSQL database. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase());
  // The spam score is off unless a test turns it on (SPAM_FILTER=on): the other tests send
  // one text from many addresses, which the score holds as spam (test/spam-*.spec.ts).
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, SPAM_FILTER: 'off', ...options.env };
  let builder = Test.createTestingModule({ imports: [AppModule.forRoot(env)] });
  if (options.override) builder = options.override(builder);
  const moduleRef = await builder.compile();
  const app = configureApp(moduleRef.createNestApplication<NestExpressApplication>({ bodyParser: false }));
  await app.init();
  return {
    app,
    server: app.getHttpServer(),
    dataSource: app.get(DataSource),
    databaseUrl,
    close: () => app.close(),
  };
}

/** The admin account that a non-production app creates at start-up. */
export const DEV_ADMIN = { username: 'admin', password: 'admin-dev-password' };

/** A client holding a signed-in admin session (its cookie jar keeps the cookie). */
export async function signedInAgent(sut: TestApp): Promise<ReturnType<typeof request.agent>> {
  const agent = request.agent(sut.server);
  await agent.post('/api/auth/login').send(DEV_ADMIN).expect(200);
  return agent;
}
