// Jest runs in native ESM mode (NODE_OPTIONS=--experimental-vm-modules, see package.json):
// the NestJS 12 packages are ES modules only.
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  // `./x.js` finds `./x.ts` in our code (see the file).
  resolver: '<rootDir>/test/jest-resolver.mjs',
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
  // Decorator metadata, as main.ts loads it in the running app.
  setupFiles: ['reflect-metadata'],
  // Keeps V8's compiled code across a worker's test files (see the file).
  runtime: '<rootDir>/test/jest-runtime.mjs',
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  // Generous: a test asserts that something happens, and a loaded 2-core machine is slow to
  // get there; how fast is the benchmarks' question (make bench).
  testTimeout: 90_000,
  // Files run in parallel: each has a database of its own on the one server, and the API
  // processes some start are built once per run (test/support/api-process.ts). Two workers
  // for the 2-core machines the project runs on.
  maxWorkers: 2,
};
