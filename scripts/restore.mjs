#!/usr/bin/env node
// `make restore FILE=…` / `npm run restore -- FILE`: restores a `make backup` file (pg_dump
// -Fc) into the database in use (see database-target.mjs), which must be empty: holding any
// table (or sequence, view, index) it refuses, changes nothing and exits 1. The restore is
// one transaction (all or nothing); objects are owned by the restoring user (--no-owner),
// so a backup moves between servers whose users differ (embedded, compose, managed).
// The API then starts on it as usual: its migrations at start-up find everything applied.
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { databaseTarget } from './database-target.mjs';
import { connectionOf, pgClientBinDir, runPgClient } from './pg-client.mjs';

class Refused extends Error {}

async function restore(env, file) {
  if (!file) throw new Refused('usage: make restore FILE=backups/backup-….dump');
  if (!existsSync(file)) throw new Refused(`no such file: ${file}`);
  const bin = await pgClientBinDir(env);
  const target = await databaseTarget(env, { create: true });
  try {
    const found = await relationsIn(target.url);
    if (found.count > 0)
      throw new Refused(
        `refusing to restore into ${target.label}: it is not empty (${found.count} tables, sequences or ` +
          `indexes: ${found.sample.join(', ')}${found.count > found.sample.length ? ', …' : ''}). Nothing was changed.\n` +
          `Restore into an empty database: a new one (DATABASE_URL=…), or for the embedded one another ` +
          `EMBEDDED_POSTGRES_DIR=… (or move its folder away after a backup of it).`,
      );
    const { dbname, env: clientEnv } = connectionOf(target.url, env);
    const args = ['--exit-on-error', '--single-transaction', '--no-owner', '--no-acl', `--dbname=${dbname}`, path.resolve(file)];
    await runPgClient(bin, 'pg_restore', args, { env: clientEnv });
    console.log(`restored ${file} into ${target.label}`);
  } finally {
    await target.stop();
  }
}

/**
 * The relations (tables, sequences, views, indexes) the database holds besides PostgreSQL's
 * own. Extensions alone do not count: a managed server may have them made in advance, and
 * the dump creates them only if they do not exist.
 */
async function relationsIn(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`
      SELECT n.nspname || '.' || c.relname AS name
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
       ORDER BY c.relkind <> 'r', 1`);
    return { count: rows.length, sample: rows.slice(0, 3).map((row) => row.name) };
  } finally {
    await client.end();
  }
}

// process.exit, not exitCode: embedded-postgres's exit hook would end the process with code 0.
await restore(process.env, process.argv[2]).then(
  () => process.exit(0),
  (error) => {
    console.error(`restore: ${error.message}`);
    process.exit(1);
  },
);
