import { createHash, randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test, type TestingModuleBuilder } from '@nestjs/testing';
import pg from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { configureApp } from '../../src/app-setup.js';
import { AppModule } from '../../src/app.module.js';
import { dataSourceOptions } from '../../src/database/data-source.js';
import { runMigrationsLocked } from '../../src/database/migrate.js';

/** A fresh, empty database on the test server (see global-setup.mjs); returns its URL. */
export function createTestDatabase(): Promise<string> {
  return createDatabase('');
}

/**
 * A fresh database with every migration applied: a copy of a template database that the
 * first test file to ask migrates, once per run (the app's start-up then finds nothing to
 * run). Copying takes a fraction of the time of running the migrations in every file.
 */
export async function createMigratedDatabase(): Promise<string> {
  return createDatabase(`TEMPLATE ${await migratedTemplate()}`);
}

function serverUrl(database?: string): string {
  const url = process.env.TEST_SERVER_URL;
  if (!url) throw new Error('TEST_SERVER_URL is not set: run the tests with `npm test`');
  if (database === undefined) return url;
  const withDatabase = new URL(url);
  withDatabase.pathname = `/${database}`;
  return withDatabase.toString();
}

async function createDatabase(options: string): Promise<string> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} ${options}`);
  } finally {
    await client.end();
  }
  return serverUrl(name);
}

// Any constant: test files in parallel workers take turns to find or make the template.
const TEMPLATE_LOCK_KEY = 7_262_101;

/** The name of this run's migrated template (named for the run, as a server of DATABASE_URL outlives runs). */
async function migratedTemplate(): Promise<string> {
  const runDir = process.env.TEST_RUN_DIR;
  if (!runDir) throw new Error('TEST_RUN_DIR is not set: run the tests with `npm test`');
  const name = `test_template_${createHash('sha256').update(runDir).digest('hex').slice(0, 12)}`;
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) {
      // Made under another name and renamed when complete, so that no file copies half of it.
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building}`);
      await client.query(`CREATE DATABASE ${building}`);
      const migrator = await new DataSource(dataSourceOptions(serverUrl(building))).initialize();
      try {
        await runMigrationsLocked(migrator);
      } finally {
        await migrator.destroy();
      }
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
  } finally {
    await client.end();
  }
  return name;
}

export interface TestAppOptions {
  /** Environment on top of the test defaults. */
  env?: NodeJS.ProcessEnv;
  /** An existing database (to share it between app instances, or an empty one); a fresh migrated one otherwise. */
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
  const databaseUrl = options.databaseUrl ?? (await createMigratedDatabase());
  // The spam score is off unless a test turns it on (SPAM_FILTER=on): the other tests send
  // one text from many addresses, which the score holds as spam (test/spam-*.spec.ts).
  // No metrics server unless a test asks for one (test/metrics.spec.ts): apps run side by side.
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    SPAM_FILTER: 'off',
    METRICS_PORT: '0',
    ...options.env,
  };
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
