import { rm } from 'node:fs/promises';

export default async function globalTeardown() {
  await globalThis.embeddedPostgres?.stop();
  if (process.env.TEST_RUN_DIR) await rm(process.env.TEST_RUN_DIR, { recursive: true, force: true });
}
