// What the test files import from `@jest/globals` (test/typescript-hooks.mjs): Jest's functions
// that jest-light-runner puts on the worker's globalThis, with the time limit that Jest's own
// runner gives each test and hook (jest.config.js `testTimeout`), which jest-light-runner
// does not: a test that hangs fails with a message instead of holding the run.
const TEST_TIMEOUT_MS = 90_000;

function timed(fn, timeoutMs = TEST_TIMEOUT_MS) {
  // No parameter of its own: jest-each then passes a row's values through (...args).
  return function (...args) {
    let timer;
    const limit = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Exceeded timeout of ${timeoutMs} ms.`)), timeoutMs);
    });
    return Promise.race([Promise.resolve().then(() => fn.apply(this, args)), limit]).finally(() => clearTimeout(timer));
  };
}

function withTimeouts(jestTest) {
  const test = (name, fn, timeoutMs) => jestTest(name, timed(fn, timeoutMs));
  test.each =
    (...table) =>
    (name, fn, timeoutMs) =>
      jestTest.each(...table)(name, timed(fn, timeoutMs));
  test.skip = jestTest.skip;
  test.only = (name, fn, timeoutMs) => jestTest.only(name, timed(fn, timeoutMs));
  test.todo = jestTest.todo;
  return test;
}

const hook = (jestHook) => (fn, timeoutMs) => jestHook(timed(fn, timeoutMs));

export const { describe, expect, jest } = globalThis;
export const it = withTimeouts(globalThis.it);
export const test = it;
export const beforeAll = hook(globalThis.beforeAll);
export const afterAll = hook(globalThis.afterAll);
export const beforeEach = hook(globalThis.beforeEach);
export const afterEach = hook(globalThis.afterEach);
