// One supported Node.js everywhere: .nvmrc, `engines`, the images' base, CI's container and
// the README all name the same maintained LTS line, and `make` stops on an older Node.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { readText, ROOT } from './helpers.mjs';

const version = readText('.nvmrc').trim();
const [major, minor] = version.split('.');

test('.nvmrc names a maintained LTS line (24: supported until April 2028)', () => {
  assert.match(version, /^\d+\.\d+\.\d+$/);
  assert.equal(major, '24');
});

test('engines, the Dockerfiles, the CI image and the README name the version of .nvmrc', () => {
  assert.equal(JSON.parse(readText('package.json')).engines.node, `^${major}.${minor}.0`);
  for (const file of ['backend/Dockerfile', 'nginx/Dockerfile'])
    for (const [, pinned] of readText(file).matchAll(/^FROM node:(\S+?)-/gm)) assert.equal(pinned, version, file);
  assert.match(readText('.github/workflows/ci.yml'), new RegExp(`image: node:${version.replaceAll('.', '\\.')}-bookworm\\b`));
  assert.match(readText('README.md'), new RegExp(`Node\\.js ${major} \\(LTS, ${major}\\.${minor} or later`));
});

test('the check stops an older Node with what to install, and passes this one', () => {
  const check = `${ROOT}/scripts/check-node.mjs`;
  assert.equal(spawnSync(process.execPath, [check]).status, 0);
  // The same script under a Node that reports an older version.
  const older = spawnSync(process.execPath, [
    '--eval',
    `Object.defineProperty(process.versions, 'node', { value: '20.20.2' }); await import(${JSON.stringify(check)})`,
    '--input-type=module',
  ]);
  assert.equal(older.status, 1);
  assert.match(older.stderr.toString(), /runs on Node\.js 24 \(LTS\), 24\.11 or later; this is Node\.js 20\.20\.2/);
  assert.match(older.stderr.toString(), /bash scripts\/install-node\.sh/);
});
