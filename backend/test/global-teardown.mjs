export default async function globalTeardown() {
  await globalThis.embeddedPostgres?.stop();
}
