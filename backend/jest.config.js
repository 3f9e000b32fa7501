// The tests run in plain Node.js, in worker threads (jest-light-runner): a worker loads the
// app's modules once and keeps them for every test file it runs after, where Jest's own runner
// gave each file a fresh module registry (about 3 s of CPU a file; docs/decisions/
// 003-esm-jest-for-nestjs-12.md). Our TypeScript loads through Node's module hooks
// (test/typescript-hooks.mjs).
export default {
  runner: 'jest-light-runner',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  // Decorator metadata, as main.ts loads it in the running app; then our TypeScript's hooks.
  setupFiles: ['reflect-metadata', '<rootDir>/test/typescript-hooks.mjs'],
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  // Files run in parallel: each has a database of its own on the one server, and the API
  // processes some start are built once per run (test/support/api-process.ts). Two workers
  // for the 2-core machines the project runs on. Each test's time limit: test/jest-globals.mjs.
  maxWorkers: 2,
};
