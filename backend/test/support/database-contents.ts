import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Each table of the public schema: its row count and a digest of all its rows. */
export type Contents = Record<string, { rows: number; digest: string }>;

/**
 * What the database holds, table by table. Every table of the schema is read, whatever its
 * name, so that tables added by later migrations are compared without a change here.
 */
export async function databaseContents(url: string): Promise<Contents> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    const contents: Contents = {};
    for (const { name } of tables) {
      const table = client.escapeIdentifier(name);
      const { rows } = await client.query<{ rows: number; digest: string }>(
        `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM ${table} t`,
      );
      contents[name] = rows[0];
    }
    return contents;
  } finally {
    await client.end();
  }
}

/** The table names and their row counts alone. */
export function rowCounts(contents: Contents): Record<string, number> {
  return Object.fromEntries(Object.entries(contents).map(([name, { rows }]) => [name, rows]));
}

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one of the repository's scripts (`scripts/backup.mjs`, …) to its end; killed by its PID after `timeoutMs`. */
export function runRepoScript(script: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, script), ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      if (child.pid) process.kill(child.pid, 'SIGKILL');
      reject(new Error(`${script} did not finish in ${timeoutMs / 1000} s: ${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Drops the database of `url` and creates it again, empty (as a restore onto a new server finds it). */
export async function recreateEmptyDatabase(url: string): Promise<void> {
  const serverUrl = process.env.TEST_SERVER_URL;
  if (!serverUrl) throw new Error('TEST_SERVER_URL is not set: run the tests with `npm test`');
  const name = pg.escapeIdentifier(new URL(url).pathname.slice(1));
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

// scripts/pg-client.mjs is a plain ES module without types: its shape, as used here.
interface PgClientModule {
  pgClientBinDir(): Promise<string>;
  connectionOf(url: string): { dbname: string; env: NodeJS.ProcessEnv };
  runPgClient(bin: string, program: string, args: string[], options: { env: NodeJS.ProcessEnv }): Promise<unknown>;
}

/** Runs a plain-SQL dump (pg_dump's, with its COPY blocks) into the database of `url` with psql 18, in one transaction. */
export async function loadSqlDump(url: string, file: string): Promise<void> {
  const client = (await import(path.join(repoRoot, 'scripts/pg-client.mjs'))) as PgClientModule;
  const bin = await client.pgClientBinDir();
  const { dbname, env } = client.connectionOf(url);
  const args = [
    '--no-psqlrc',
    '--quiet',
    '--set=ON_ERROR_STOP=1',
    '--single-transaction',
    `--file=${file}`,
    `--dbname=${dbname}`,
  ];
  await client.runPgClient(bin, 'psql', args, { env });
}

export { repoRoot };
