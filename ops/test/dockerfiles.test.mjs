import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { DockerfileParser } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { isPinnedImage, readText, ROOT, run } from './helpers.mjs';

const DOCKERFILES = ['backend/Dockerfile', 'nginx/Dockerfile'];

/** Our rules; answers a list of problems (empty: fine). */
export function checkDockerfile(content) {
  const problems = [];
  const dockerfile = DockerfileParser.parse(content);
  const froms = dockerfile.getFROMs();
  if (froms.length < 2) problems.push('not multi-stage');
  const stages = new Set();
  for (const from of froms) {
    const image = from.getImage();
    if (!stages.has(image) && !isPinnedImage(image)) problems.push(`base image not pinned: ${image}`);
    if (from.getBuildStage()) stages.add(from.getBuildStage());
  }
  const instructions = dockerfile.getInstructions();
  const finalStart = froms.at(-1)?.getRange().start.line ?? 0;
  const finalStage = instructions.filter((instruction) => instruction.getRange().start.line >= finalStart);
  const users = finalStage.filter((instruction) => instruction.getKeyword() === 'USER');
  const user = users.at(-1)?.getArgumentsContent()?.trim();
  if (!user) problems.push('final stage has no USER');
  else if (/^(root|0)(:|$)/.test(user)) problems.push(`final stage runs as root (${user})`);
  if (!finalStage.some((instruction) => instruction.getKeyword() === 'HEALTHCHECK'))
    problems.push('final stage has no HEALTHCHECK');
  const runs = instructions
    .filter((instruction) => instruction.getKeyword() === 'RUN')
    .map((instruction) => instruction.getArgumentsContent());
  if (runs.some((command) => /\bnpm (install|i)\b/.test(command))) problems.push('npm install instead of npm ci');
  if (!runs.some((command) => /\bnpm ci\b/.test(command))) problems.push('no npm ci');
  if (/:latest\b/.test(content)) problems.push('mentions a :latest image');
  return problems;
}

describe('Dockerfiles', () => {
  for (const file of DOCKERFILES) {
    describe(file, () => {
      const content = readText(file);

      test('dockerfile-utils finds no problem', () => {
        assert.deepEqual(
          validate(content).map((d) => `${d.range.start.line + 1}: ${d.message}`),
          [],
        );
      });

      test('our rules: multi-stage, pinned bases, non-root USER, healthcheck, npm ci', () => {
        assert.deepEqual(checkDockerfile(content), []);
      });

      test('npm ci works from the root lock file with every workspace manifest', () => {
        const instructions = DockerfileParser.parse(content).getInstructions();
        const lockCopy = instructions.findIndex(
          (i) => i.getKeyword() === 'COPY' && /package-lock\.json/.test(i.getArgumentsContent()),
        );
        const firstCi = instructions.findIndex((i) => i.getKeyword() === 'RUN' && /\bnpm ci\b/.test(i.getArgumentsContent()));
        assert.ok(lockCopy !== -1 && lockCopy < firstCi, 'lock file copied before npm ci');
        for (const workspace of ['backend', 'frontend', 'ops']) {
          assert.match(content, new RegExp(`COPY ${workspace}/package\\.json ${workspace}/`));
        }
      });
    });
  }

  test('backend: production dependencies only in the final stage', () => {
    const content = readText('backend/Dockerfile');
    const dockerfile = DockerfileParser.parse(content);
    const stageOf = (name) => dockerfile.getFROMs().find((from) => from.getBuildStage() === name);
    assert.ok(stageOf('deps') && stageOf('runtime'));
    assert.match(content, /npm ci --workspace backend --omit=dev/);
    const finalStart = dockerfile.getFROMs().at(-1).getRange().start.line;
    const copies = dockerfile
      .getInstructions()
      .filter((instruction) => instruction.getKeyword() === 'COPY' && instruction.getRange().start.line > finalStart);
    const fromFlag = (instruction) =>
      instruction
        .getFlags()
        .find((flag) => flag.getName() === 'from')
        ?.getValue();
    for (const copy of copies.filter((instruction) => /node_modules/.test(instruction.getArgumentsContent()))) {
      assert.equal(fromFlag(copy), 'deps', `node_modules come from the production-only stage: ${copy.getArgumentsContent()}`);
    }
    assert.match(content, /CMD \["node", "dist\/main\.js"\]/);
  });

  test('backend: the code the image runs imports production dependencies only', () => {
    const manifest = JSON.parse(readText('backend/package.json'));
    const production = new Set(Object.keys(manifest.dependencies ?? {}));
    const sourceDir = path.join(ROOT, 'backend', 'src');
    const files = readdirSync(sourceDir, { recursive: true }).filter((file) => /\.ts$/.test(file) && !/\.spec\.ts$/.test(file));
    assert.ok(files.length > 0);
    const missing = [];
    for (const file of files) {
      const code = readFileSync(path.join(sourceDir, file), 'utf8');
      // Value imports (type-only ones vanish at compile time), re-exports and import().
      const specifiers = [
        ...code.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm),
        ...code.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
      ].map((match) => match[1]);
      for (const specifier of specifiers) {
        if (specifier.startsWith('.') || specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
        if (!production.has(name)) missing.push(`${file}: ${name}`);
      }
    }
    assert.deepEqual(missing, [], 'imported at run time but not in backend dependencies (npm ci --omit=dev drops it)');
  });

  test('nginx: the SPA is built in a Node stage; our entrypoint renders the template', () => {
    const content = readText('nginx/Dockerfile');
    assert.match(content, /npm run build --workspace frontend/);
    assert.match(content, /COPY --from=build \/app\/frontend\/dist \/usr\/share\/nginx\/html/);
    assert.match(content, /COPY nginx\/templates\/default\.conf\.template \/etc\/nginx\/templates\/default\.conf\.template/);
    assert.match(content, /COPY nginx\/nginx\.conf \/etc\/nginx\/nginx\.conf/);
    assert.match(content, /COPY --chmod=755 nginx\/entrypoint\.sh \/usr\/local\/bin\/web-entrypoint\.sh/);
    assert.match(content, /ENTRYPOINT \["\/usr\/local\/bin\/web-entrypoint\.sh"\]/);
    assert.match(content, /CMD \["nginx", "-g", "daemon off;"\]/);
    const entrypoint = readText('nginx/entrypoint.sh');
    assert.match(
      entrypoint,
      /envsubst '[^']+' \\\n\s*<\/etc\/nginx\/templates\/default\.conf\.template >\/tmp\/nginx\/default\.conf/,
    );
    assert.match(readText('nginx/nginx.conf'), /^\s*include \/tmp\/nginx\/default\.conf;/m);
    assert.match(entrypoint, /exec "\$@"/);
  });

  test('nginx/entrypoint.sh: renders the template and takes the resolver from resolv.conf', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'web-entrypoint-'));
    try {
      // The script with its fixed paths pointed into the temp folder.
      const script = readText('nginx/entrypoint.sh')
        .replace(/(?<![\w.-])\/(etc|tmp)\b/g, (fixed) => dir + fixed)
        .replace('/usr/local/bin/api-rate.envsh', path.join(ROOT, 'nginx', 'api-rate.envsh'))
        .replace('/usr/local/bin/server-name.envsh', path.join(ROOT, 'nginx', 'server-name.envsh'))
        .replace('/usr/local/bin/captcha-csp.envsh', path.join(ROOT, 'nginx', 'captcha-csp.envsh'));
      mkdirSync(path.join(dir, 'etc', 'nginx', 'templates'), { recursive: true });
      writeFileSync(path.join(dir, 'etc', 'resolv.conf'), 'search example\nnameserver 10.89.0.1\nnameserver 10.0.0.2\n');
      writeFileSync(
        path.join(dir, 'etc', 'nginx', 'templates', 'default.conf.template'),
        'resolver ${NGINX_RESOLVER}; set $u ${API_UPSTREAM}; $host\n',
      );
      writeFileSync(path.join(dir, 'entrypoint.sh'), script);
      const env = { PATH: process.env.PATH, API_UPSTREAM: 'backend:3000' };
      const output = run('sh', [path.join(dir, 'entrypoint.sh'), 'echo', 'started'], { env });
      assert.equal(output.trim(), 'started');
      assert.equal(
        readFileSync(path.join(dir, 'tmp', 'nginx', 'default.conf'), 'utf8'),
        'resolver 10.89.0.1; set $u backend:3000; $host\n',
      );
      writeFileSync(path.join(dir, 'etc', 'resolv.conf'), 'nameserver fd00::1\n');
      run('sh', [path.join(dir, 'entrypoint.sh'), 'true'], { env });
      assert.match(readFileSync(path.join(dir, 'tmp', 'nginx', 'default.conf'), 'utf8'), /^resolver \[fd00::1\];/);
      // The CSP's captcha origins follow NGINX_CAPTCHA_PROVIDER.
      writeFileSync(
        path.join(dir, 'etc', 'nginx', 'templates', 'default.conf.template'),
        "script-src 'self'${NGINX_CSP_CAPTCHA_SCRIPT}${NGINX_CSP_CAPTCHA_FRAME}\n",
      );
      run('sh', [path.join(dir, 'entrypoint.sh'), 'true'], { env: { ...env, NGINX_CAPTCHA_PROVIDER: 'turnstile' } });
      assert.equal(
        readFileSync(path.join(dir, 'tmp', 'nginx', 'default.conf'), 'utf8'),
        "script-src 'self' https://challenges.cloudflare.com; frame-src https://challenges.cloudflare.com\n",
      );
      run('sh', [path.join(dir, 'entrypoint.sh'), 'true'], { env });
      assert.equal(readFileSync(path.join(dir, 'tmp', 'nginx', 'default.conf'), 'utf8'), "script-src 'self'\n");
      writeFileSync(path.join(dir, 'etc', 'resolv.conf'), '');
      assert.throws(() => run('sh', [path.join(dir, 'entrypoint.sh'), 'true'], { env }), /no nameserver/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the rules catch a bad Dockerfile', () => {
    const problems = checkDockerfile('FROM node:latest\nRUN npm install\nCMD ["node", "main.js"]\n');
    assert.ok(problems.includes('not multi-stage'));
    assert.ok(problems.includes('base image not pinned: node:latest'));
    assert.ok(problems.includes('final stage has no USER'));
    assert.ok(problems.includes('npm install instead of npm ci'));
    assert.deepEqual(checkDockerfile('FROM node:22 AS a\nRUN npm ci\nFROM nginx\nUSER root\nHEALTHCHECK CMD true\n'), [
      'base image not pinned: nginx',
      'final stage runs as root (root)',
    ]);
  });

  test('.dockerignore keeps dependencies, builds, secrets and data out of the context', () => {
    const lines = readText('.dockerignore')
      .split('\n')
      .map((line) => line.trim());
    for (const entry of ['**/node_modules', '**/dist', '.env', '.data', '.git']) assert.ok(lines.includes(entry), entry);
  });
});
