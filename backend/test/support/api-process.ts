import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Builds the API as `npm run build` does, for tests that run it as a process of its own; once
 * per run. Test files run in parallel workers: the first to ask takes a lock folder in the
 * run's folder (TEST_RUN_DIR, see global-setup.mjs) and builds; the others wait for its result.
 * `make test` builds both apps before the suites and says so with TEST_API_BUILT=1.
 */
export async function buildApi(): Promise<void> {
  if (process.env.TEST_API_BUILT === '1') return;
  const runDir = process.env.TEST_RUN_DIR;
  if (!runDir) throw new Error('TEST_RUN_DIR is not set: run the tests with `npm test`');
  const result = path.join(runDir, 'api-build-result');
  const deadline = Date.now() + 120_000;
  for (;;) {
    const outcome = await readFile(result, 'utf8').catch(() => undefined);
    if (outcome === 'ok') return;
    if (outcome !== undefined) throw new Error(`the API build failed: ${outcome}`);
    const mine = await mkdir(path.join(runDir, 'api-build-lock')).then(
      () => true,
      () => false,
    );
    if (mine) {
      const built = await promisify(execFile)('npm', ['run', 'build', '-w', 'backend'], { cwd: repoRoot }).then(
        () => 'ok',
        (error: Error & { stdout?: string }) => `${error.message}\n${error.stdout ?? ''}`,
      );
      await writeFile(result, built);
      continue;
    }
    if (Date.now() > deadline) throw new Error('timed out waiting for the API build of another test file');
    await sleep(100);
  }
}

/** A port free now, for a process that binds it later: scripts/process-utils.mjs (a plain ES module) says why it lies where it does. */
export async function freePort(): Promise<number> {
  const utils = (await import(path.join(repoRoot, 'scripts/process-utils.mjs'))) as { freePort(): Promise<number> };
  return utils.freePort();
}

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process has written to stdout so far (its JSON log lines). */
  stdout(): string;
  /** Sends `signal` and resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Node's compile cache for the API processes of this run (in its folder, see global-setup.mjs):
 * the first process to load a module writes V8's compiled code of it to the disk, and the next
 * ones read it back instead of compiling again. The production start (`npm start`) is unchanged.
 */
function compileCacheEnv(): NodeJS.ProcessEnv {
  const runDir = process.env.TEST_RUN_DIR;
  return runDir ? { NODE_COMPILE_CACHE: path.join(runDir, 'node-compile-cache') } : {};
}

/** The built API (`backend/dist/main.js`) as in production, ready on a free port. */
export async function startApiProcess(env: NodeJS.ProcessEnv, port?: number): Promise<ApiProcess> {
  const apiPort = port ?? (await freePort());
  const child = spawn(process.execPath, ['backend/dist/main.js'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      // A deprecated call (such as a query sent to a pg client still running one) fails the test.
      NODE_OPTIONS: '--throw-deprecation',
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
      PORT: String(apiPort),
      // Off unless a test turns them on, as in test-app.ts.
      SPAM_FILTER: 'off',
      METRICS_PORT: '0',
      ...compileCacheEnv(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${apiPort}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}: ${stderr}`);
    const res = await fetch(`${url}/api/health/ready`).catch(() => undefined);
    if (res?.status === 200) break;
    if (Date.now() > deadline) {
      // Stopped here: the caller gets no handle to stop it with, and it would outlive the run.
      child.kill('SIGKILL');
      throw new Error(`the API was not ready in 30 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    url,
    stdout: () => stdout,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
  };
}

/** Submits `count` contact forms to the API at once (`body(i)` each); answers their statuses. */
export async function postContacts(apiUrl: string, count: number, body: (i: number) => unknown): Promise<number[]> {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      fetch(`${apiUrl}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body(i)),
      }),
    ),
  );
  return answers.map((res) => res.status);
}
