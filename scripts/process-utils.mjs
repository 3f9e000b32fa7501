// Small helpers shared by scripts/dev.mjs and scripts/serve.mjs: child processes with
// prefixed output, readiness polling, and one orderly shutdown of everything started; and
// the free ports that they, the benchmarks and the tests give the processes they start.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const COLORS = [36, 35, 33, 32, 34, 31];

/** Writes each line of `stream` to `out` with a `[name]` prefix. */
export function pipeLines(stream, out, prefix) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) out.write(`${prefix} ${line}\n`);
  });
  stream.on('end', () => {
    if (rest) out.write(`${prefix} ${rest}\n`);
  });
}

/**
 * Starts long-running children and stops them all (in reverse order) on SIGINT/SIGTERM,
 * or when one of them that is not restarted exits on its own.
 */
export class Supervisor {
  #children = [];
  #cleanups = [];
  #stopping = null;
  #color = 0;

  constructor({ label = 'app' } = {}) {
    this.label = label;
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
      process.on(signal, () => {
        void this.stop(0, `${signal} received`);
      });
    }
  }

  /** Runs `fn` at shutdown (after the children stopped), last registered first. */
  onStop(fn) {
    this.#cleanups.push(fn);
  }

  /**
   * Starts a child. A child that exits while we are not stopping brings everything down,
   * unless `restart` is set: then it is started again after a second (an API replica that
   * crashed; the others keep serving meanwhile).
   * `group: true` puts it in a process group of its own, stopped as a whole: for wrappers
   * (npm, sh) whose own children must stop with them. Otherwise the child stays in our
   * group, so that a kill of our whole group (Ctrl-C, a test runner's SIGKILL) reaches it.
   */
  start(name, command, args, { cwd, env, stopSignal = 'SIGTERM', group = false, restart = false } = {}) {
    const color = COLORS[this.#color++ % COLORS.length];
    const prefix = process.stdout.isTTY ? `\x1b[${color}m[${name}]\x1b[0m` : `[${name}]`;
    const entry = { name, stopSignal, group, exited: false, restarts: 0 };
    const spawnChild = () => {
      const child = spawn(command, args, { cwd, env, detached: group, stdio: ['ignore', 'pipe', 'pipe'] });
      pipeLines(child.stdout, process.stdout, prefix);
      pipeLines(child.stderr, process.stderr, prefix);
      entry.child = child;
      entry.exited = false;
      entry.done = new Promise((resolve) => {
        const ended = (why) => {
          if (entry.exited) return;
          entry.exited = true;
          resolve();
          if (this.#stopping) return;
          if (restart) {
            entry.restarts += 1;
            console.error(`[${this.label}] ${name} exited (${why}); starting it again`);
            setTimeout(() => {
              if (!this.#stopping) spawnChild();
            }, 1000);
          } else {
            void this.stop(1, `${name} exited (${why})`);
          }
        };
        child.on('exit', (code, signal) => ended(signal ?? `code ${code}`));
        child.on('error', (error) => ended(`could not start: ${error.message}`));
      });
    };
    spawnChild();
    this.#children.push(entry);
    return entry;
  }

  get stopping() {
    return this.#stopping !== null;
  }

  /** Stops every child and runs the clean-ups once; exits the process with `code`. */
  stop(code, reason) {
    this.#stopping ??= (async () => {
      if (reason) console.error(`\n[${this.label}] stopping: ${reason}`);
      for (const entry of [...this.#children].reverse()) await stopChild(entry);
      for (const cleanup of [...this.#cleanups].reverse()) {
        try {
          await cleanup();
        } catch (error) {
          console.error(`[${this.label}] clean-up failed: ${error.message}`);
        }
      }
      process.exit(code);
    })();
    return this.#stopping;
  }

  /** Runs `main`; a failure is reported in one line and stops everything. */
  async run(main) {
    try {
      await main();
    } catch (error) {
      if (!this.#stopping) await this.stop(1, error instanceof Error ? error.message : String(error));
    }
  }
}

async function stopChild(entry, graceMs = 10_000) {
  if (entry.exited) return;
  const signal = (name) => {
    try {
      process.kill(entry.group ? -entry.child.pid : entry.child.pid, name);
    } catch {
      // Already gone.
    }
  };
  signal(entry.stopSignal);
  const timer = setTimeout(() => signal('SIGKILL'), graceMs);
  await entry.done;
  clearTimeout(timer);
  // Grandchildren that outlived their parent (e.g. npm's shell) stop with the group.
  if (entry.group) signal('SIGKILL');
}

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** Polls `url` until it answers 2xx; rejects after `timeoutMs` or when `isDead()` says so. */
export async function waitForHttp(url, { timeoutMs = 120_000, isDead = () => false } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (isDead()) throw new Error(`gave up waiting for ${url}: the process behind it exited`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} not ready after ${timeoutMs / 1000} s (last: ${last})`);
}

/** Throws a clear message when `port` on `host` is already taken. */
export function assertPortFree(port, host = '127.0.0.1', what = 'port') {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error) => {
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `${what} ${host}:${port} is already in use (another \`make dev\`/\`make serve\`?); stop it or choose another port`
            : `${what} ${host}:${port}: ${error.message}`,
        ),
      );
    });
    server.listen(port, host, () => server.close(() => resolve()));
  });
}

// freePort's ports lie below the kernel's ephemeral range (net.ipv4.ip_local_port_range). A
// port from inside it, as listen(0) hands out, is free only until the kernel gives it to an
// outgoing connection as its local port, and the process meant to bind it binds seconds
// later (after a database start, a Nest start-up): an API replica of `make serve` failed so,
// EADDRINUSE, while other suites' connections ran. Outgoing connections never take a port
// below the range.
const LOWEST_FREE_PORT = 10_000;
// Room above a port for the consecutive ones a caller may take after it (API replicas).
const CONSECUTIVE_ROOM = 16;

function ephemeralRangeStart() {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768; // not Linux: below the ranges of the others too (macOS starts at 49152)
  }
}

const canListen = (port) =>
  new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A TCP port free on the loopback interface now, for a process that binds it later. */
export async function freePort() {
  const span = ephemeralRangeStart() - CONSECUTIVE_ROOM - LOWEST_FREE_PORT;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = LOWEST_FREE_PORT + Math.floor(Math.random() * span);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${LOWEST_FREE_PORT} and the ephemeral range in 100 tries`);
}

/** Reads a positive integer from the environment. */
export function intFromEnv(env, name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}
