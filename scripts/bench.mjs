// `make bench`: the build, then each benchmark in turn, and each one's time at the end (so a
// CI log shows where the run's minutes go). Stops at the first that fails: the build fails
// when the landing page's JavaScript passes its budget, Lighthouse when a page's
// accessibility, best practices or SEO is under 100; the others print figures and never fail.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const STEPS = [
  ['build', 'npm run build'],
  ['seed', 'npm run bench:seed -w backend'],
  ['admin queries', 'npm run bench -w backend'],
  ['contact form', 'npm run bench:contact:short -w backend'],
  ['spam corpus', 'npm run bench:spam -w backend'],
  ['live events', 'npm run bench:live-events -w backend'],
  ['inbound e-mail', 'npm run bench:inbound -w backend'],
  ['routed lead', 'npm run bench:routing:short -w backend'],
  ['lighthouse', 'npm run lighthouse -w frontend'],
];

// The million leads that three benchmarks read are seeded once, here, and each of them starts
// on a copy (backend/bench/seed-database.mjs): a seed is about 95 s.
const seedDir = mkdtempSync(path.join(os.tmpdir(), 'bench-seed-'));
process.on('exit', () => rmSync(seedDir, { recursive: true, force: true }));

/** Runs one step with the terminal's output; resolves with its exit code. */
function run(command) {
  const child = spawn('bash', ['-c', command], { stdio: 'inherit', env: { ...process.env, BENCH_SEED_DIR: seedDir } });
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

const minutes = (seconds) => {
  const whole = Math.round(seconds); // rounded first, so 59.6 s reads 1 min 0 s, not 0 min 60 s
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
};
const times = [];
let failed = false;
for (const [name, command] of STEPS) {
  const started = Date.now();
  const code = await run(command);
  times.push([name, (Date.now() - started) / 1000, code]);
  if (code !== 0) {
    failed = true;
    break;
  }
}
console.log('\nmake bench, step by step:');
for (const [name, seconds, code] of times)
  console.log(`  ${name.padEnd(15)} ${minutes(seconds).padStart(13)}  ${code === 0 ? 'done' : 'FAILED'}`);
console.log(`  ${'all'.padEnd(15)} ${minutes(times.reduce((sum, [, seconds]) => sum + seconds, 0)).padStart(13)}`);
process.exit(failed ? 1 : 0);
