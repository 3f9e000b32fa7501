import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { readText, ROOT } from './helpers.mjs';

const SCRIPT = 'scripts/system-packages.sh';

/** The packages the script installs for `set` (test or bench), read from its arrays. */
const listed = (set) => {
  const body = readText(SCRIPT).match(new RegExp(`^${set}_packages=\\(\\n([\\s\\S]*?)^\\)`, 'm'))[1];
  return [...body.matchAll(/^\s*([\w.+-]+):/gm)].map((match) => match[1]);
};

/** Every Debian package a suite or script names when its program is missing. */
const askedFor = (files) =>
  files.flatMap((file) => [
    ...[...readText(file).matchAll(/apt-get install -y ([\w.+-]+)/g)].map((match) => match[1]),
    ...[...readText(file).matchAll(/systemTool\([^;]*?, '([\w.+-]+)'\)/g)].map((match) => match[1]),
  ]);

describe(SCRIPT, () => {
  test('lists every package the test suites ask for', () => {
    const asked = askedFor(['ops/test/helpers.mjs', 'scripts/nginx-config.mjs', 'frontend/playwright.config.ts']);
    assert.deepEqual([...new Set(asked)].sort(), ['chromium-headless-shell', 'docker-compose', 'nginx']);
    for (const name of [...asked, 'gettext-base']) assert.ok(listed('test').includes(name), `${name} in test_packages`);
  });

  test('lists what the benchmarks use: Lighthouse in Chromium behind nginx, wrk', () => {
    const asked = askedFor(['frontend/scripts/lighthouse.mjs', 'scripts/nginx-config.mjs']);
    for (const name of [...asked, 'wrk']) assert.ok(listed('bench').includes(name), `${name} in bench_packages`);
  });

  test('make test and make bench run it right after the Node check, before npm ci; make dev needs none', () => {
    const makefile = readText('Makefile');
    assert.match(makefile, /^test: node-version test-packages install$/m);
    assert.match(makefile, /^bench: node-version bench-packages install$/m);
    assert.match(makefile, /^test-packages:\n\tbash scripts\/system-packages.sh test$/m);
    assert.match(makefile, /^bench-packages:\n\tbash scripts\/system-packages.sh bench$/m);
    assert.match(makefile, /^dev: install$/m);
  });

  test('finds nothing missing here, and refuses an unknown set', () => {
    execFileSync('bash', [SCRIPT, 'test', 'bench'], { cwd: ROOT, stdio: 'pipe' });
    assert.throws(() => execFileSync('bash', [SCRIPT, 'tests'], { cwd: ROOT, stdio: 'pipe' }), /usage/);
  });
});
