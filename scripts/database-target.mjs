// The database that `make backup` and `make restore` work on: DATABASE_URL when set, else
// the embedded one of `make dev` (.data/dev) or, with EMBEDDED_POSTGRES_DIR, another
// (`make serve` keeps its own in .data/serve). The embedded server is used as it runs, or
// started for the command and stopped after it.
import path from 'node:path';
import { useEmbeddedPostgres } from './embedded-postgres.mjs';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** Resolves to `{ url, label, stop() }`; `create` makes an embedded cluster or database that does not exist yet. */
export async function databaseTarget(env = process.env, { create = false } = {}) {
  if (env.DATABASE_URL) {
    const url = new URL(env.DATABASE_URL);
    return { url: env.DATABASE_URL, label: `${url.pathname.slice(1)} on ${url.host} (DATABASE_URL)`, stop: async () => {} };
  }
  const dataDir = path.resolve(ROOT, env.EMBEDDED_POSTGRES_DIR || path.join('.data', 'dev'));
  const database = await useEmbeddedPostgres({ dataDir, database: 'app', create });
  const where = path.relative(ROOT, dataDir) || dataDir;
  return {
    url: database.url,
    label: `app in ${where} (embedded, ${database.startedHere ? 'started for this command' : 'running'})`,
    stop: database.stop,
  };
}
