// `make test`: lint (with TypeScript's errors: scripts/lint-workspace.mjs) and every test suite,
// and each step's time at the end.
// The build comes first, alone: the backend's tests that start the built API, the ops suite
// and the browser suite all use it. The fault suite follows, alone too: it measures the answer
// times of servers of its own, which a busy machine would fail. Then two lanes share the
// 2-core machine: the backend's integration tests, which spend much of their time waiting on
// PostgreSQL, on timers and on the processes they start, beside lint (types included), the frontend's
// unit tests and the ops checks. The browser suite runs in four parts, each against a server
// and a database of its own (so one part's leads never show in another's counts), as the
// lanes free the cores: the first part once lint and the rest are done (while the backend's
// last files run), the other three once the backend is done. One browser and one server leave
// much of a core idle, since a browser test mostly waits on the page: three at once keep the
// two cores busy where two did not (docs/testing.md, "How long it takes").
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { pipeLines } from './process-utils.mjs';

const FIRST = ['build', 'npm run build'];
const FAULTS = ['ops faults', 'npm run test:faults -w ops'];
const CHECKS = [
  ['lint', 'npm run lint'],
  ['frontend unit', 'npm run test -w frontend'],
  ['ops', 'npm run test:except-faults -w ops'],
];
// The build above is the one its tests start (test/support/api-process.ts).
const BACKEND = ['backend', 'TEST_API_BUILT=1 npm run test -w backend'];
// The parts' files: frontend/playwright.config.ts (E2E_PART).
const E2E_PARTS = [1, 2, 3, 4].map((part) => [
  `e2e ${part}/4`,
  `SERVE_SKIP_BUILD=1 E2E_SERVE_PORT=${8180 + part} E2E_API_PORT=${3180 + part} ` +
    `E2E_PART=${part} E2E_RUN_NAME=part-${part} npm run test:e2e -w frontend`,
]);

const times = [];

// The lines that name a failed test or check (Playwright, Jest, Vitest, node --test, ESLint,
// tsc, a file Prettier would change), each with the first error line after it. A failing run
// prints them again at its very end, where a log cut to its last lines still shows them.
const FAILED_TEST =
  /^\s*(?:[✘×✖x] +\d+ |✖ .*\([\d.]+ms\)\s*$|\d+\) \[|FAIL |● |not ok \d+|\d+:\d+ +error |.*error TS\d+|\[warn\] (?!Code style))/;
const ERROR = /^\s*(?:\w*Error|expect\(.*\))[: ]/;
const FAILURE_LINES_PER_STEP = 8;

/** A writable for pipeLines: writes through to `out`, keeping the failure lines in `kept`. */
function keepingFailures(out, kept) {
  let afterFailedTest = false;
  return {
    write(line) {
      out.write(line);
      // Without colours: Prettier's "[warn]" comes coloured on a terminal and under CI=true.
      const text = stripVTControlCharacters(line.slice(line.indexOf(']') + 1));
      const keep = FAILED_TEST.test(text) || (afterFailedTest && ERROR.test(text));
      if (keep && kept.length < FAILURE_LINES_PER_STEP && !kept.includes(line)) kept.push(line);
      if (FAILED_TEST.test(text)) afterFailedTest = true;
      else if (ERROR.test(text)) afterFailedTest = false;
    },
  };
}

// The CPU time of a step's processes (user + system, every descendant that was waited for),
// which the shell's `times` prints once the step's command has ended: against the step's
// wall time it tells a step that keeps the cores busy from one that mostly waits.
// `times` prints two lines: the shell's own, then its children's.
const CPU_LINE = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/;

/** `command`, then the CPU time of its processes (fd 3). */
const withCpuTime = (command) => `(${command}); code=$?; times >&3; exit $code`;

/** Runs one step with its output prefixed by its name; resolves whether it passed. */
function run([name, command]) {
  const started = Date.now();
  const failures = [];
  let cpuSeconds;
  const child = spawn('bash', ['-c', withCpuTime(command)], { stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
  pipeLines(child.stdout, keepingFailures(process.stdout, failures), `[${name}]`);
  pipeLines(child.stderr, keepingFailures(process.stderr, failures), `[${name}]`);
  let cpuText = '';
  child.stdio[3].setEncoding('utf8').on('data', (text) => (cpuText += text));
  child.stdio[3].on('end', () => {
    const [, um, us, sm, ss] = CPU_LINE.exec(cpuText) ?? [];
    if (um !== undefined) cpuSeconds = Number(um) * 60 + Number(us) + Number(sm) * 60 + Number(ss);
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      times.push({ name, seconds: (Date.now() - started) / 1000, cpuSeconds, passed: code === 0, failures });
      resolve(code === 0);
    });
  });
}

async function lane(steps) {
  for (const step of steps) if (!(await run(step))) return false;
  return true;
}

/** Runs the steps side by side; resolves whether all passed. */
async function together(steps) {
  return (await Promise.all(steps.map(run))).every(Boolean);
}

function summary(totalSeconds) {
  const minutes = (seconds) => {
    const whole = Math.round(seconds); // rounded first, so 539.6 s reads 9 min 0 s, not 8 min 60 s
    return `${Math.floor(whole / 60)} min ${whole % 60} s`;
  };
  console.log("\nmake test, step by step (CPU: the step's processes, user + system; cores: CPU ÷ time):");
  for (const { name, seconds, cpuSeconds, passed } of times) {
    const cpu = cpuSeconds === undefined ? '' : `CPU ${minutes(cpuSeconds)}, ${(cpuSeconds / seconds).toFixed(2)} cores`;
    console.log(`  ${name.padEnd(14)} ${minutes(seconds).padStart(13)}  ${passed ? 'passed' : 'FAILED'}  ${cpu}`);
  }
  console.log(`  ${'all'.padEnd(14)} ${minutes(totalSeconds).padStart(13)}`);
  const failed = times.filter((step) => !step.passed);
  if (failed.length === 0) return;
  console.log('\nwhat failed (its first lines; the whole output is above):');
  for (const { name, failures } of failed)
    console.log(failures.length ? failures.join('').trimEnd() : `[${name}] (no line named a failed test: read its output above)`);
}

const started = Date.now();
const passed =
  (await run(FIRST)) &&
  (await run(FAULTS)) &&
  (
    await Promise.all([
      lane(CHECKS).then((ok) => ok && run(E2E_PARTS[0])),
      run(BACKEND).then((ok) => ok && together(E2E_PARTS.slice(1))),
    ])
  ).every(Boolean);
summary((Date.now() - started) / 1000);
process.exit(passed ? 0 : 1);
