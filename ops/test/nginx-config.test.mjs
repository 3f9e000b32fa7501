import assert from 'node:assert/strict';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { renderTemplate, TEMPLATE_VARIABLES, writeNginxPrefix } from '../../scripts/nginx-config.mjs';
import { nginxBin, readText, run } from './helpers.mjs';

const template = readText('nginx/templates/default.conf.template');

describe('nginx/templates/default.conf.template', () => {
  const temps = [];
  after(() => Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true }))));

  test('uses exactly the variables the image entrypoint substitutes (its envsubst list)', () => {
    const used = new Set([...template.matchAll(/\$\{([A-Z_]+)\}/g)].map((match) => match[1]));
    assert.deepEqual([...used].sort(), [...TEMPLATE_VARIABLES].sort());
    const list = readText('nginx/entrypoint.sh').match(/envsubst '([^']+)'/)[1];
    const substituted = [...list.matchAll(/\$\{([A-Z_]+)\}/g)].map((match) => match[1]);
    assert.deepEqual(substituted.sort(), [...TEMPLATE_VARIABLES].sort());
  });

  test('/api/ goes to a variable target with a resolver (compose finds a replaced backend)', () => {
    const api = template.split(/\n\s*location /).find((block) => block.startsWith('/api/'));
    assert.match(api, /resolver \$\{NGINX_RESOLVER\} valid=\d+s/);
    assert.match(api, /set \$api_upstream \$\{API_UPSTREAM\};/);
    assert.match(api, /proxy_pass http:\/\/\$api_upstream;/);
  });

  test('rendering is envsubst: named variables replaced, nginx variables kept', () => {
    const rendered = renderTemplate(template, {
      NGINX_PORT: '8080',
      NGINX_ROOT: '/srv/app',
      API_UPSTREAM_SERVERS: 'server backend:3000;',
      API_UPSTREAM: 'backend:3000',
      NGINX_RESOLVER: '10.89.0.1',
      NGINX_BEHIND_PROXY: '0',
    });
    assert.doesNotMatch(rendered, /\$\{?(NGINX_PORT|NGINX_ROOT|NGINX_RESOLVER|API_UPSTREAM|NGINX_BEHIND_PROXY)/);
    assert.match(rendered, /set \$api_upstream backend:3000;/);
    assert.match(rendered, /listen 8080 default_server;/);
    assert.match(rendered, /map "0" \$app_forwarded_for/);
    assert.match(rendered, /proxy_set_header X-Forwarded-For \$app_forwarded_for;/);
    assert.throws(() => renderTemplate(template, { NGINX_PORT: '8080' }), /no value for/);
  });

  test('no location sets its own headers (add_header inheritance would drop the security headers)', () => {
    const locations = template.split(/\n\s*location\s/).slice(1);
    assert.ok(locations.length >= 3);
    for (const location of locations) assert.doesNotMatch(location, /add_header/, location.split('\n')[0]);
  });

  test('nginx -t accepts the rendered config (one and two API replicas)', async () => {
    for (const apiPorts of [[3000], [3000, 3001]]) {
      const prefix = await mkdtemp(path.join(os.tmpdir(), 'ops-nginx-t-'));
      temps.push(prefix);
      const root = path.join(prefix, 'html');
      await mkdir(root);
      await writeFile(path.join(root, 'index.html'), '<!doctype html>');
      const { args } = await writeNginxPrefix({ prefix, listen: '127.0.0.1:18080', root, apiPorts, nginxBin: nginxBin() });
      const output = run(nginxBin(), [...args, '-t'], { stdio: ['ignore', 'pipe', 'pipe'] });
      assert.equal(typeof output, 'string');
    }
  });

  test("nginx -t accepts the image's main config (nginx/nginx.conf) with the site as compose renders it", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ops-nginx-main-'));
    temps.push(dir);
    const site = renderTemplate(template, {
      NGINX_PORT: '127.0.0.1:18081',
      NGINX_ROOT: dir,
      API_UPSTREAM_SERVERS: 'server 127.0.0.1:3000;',
      API_UPSTREAM: 'backend:3000',
      NGINX_RESOLVER: '127.0.0.11',
      NGINX_BEHIND_PROXY: '0',
    });
    await writeFile(path.join(dir, 'default.conf'), site);
    // Only the include of the rendered site moves to the temp folder; pid and temp paths stay.
    const main = readText('nginx/nginx.conf').replace('include /tmp/nginx/default.conf;', `include ${dir}/default.conf;`);
    assert.notEqual(main, readText('nginx/nginx.conf'));
    await writeFile(path.join(dir, 'nginx.conf'), main);
    // access_log /dev/stdout: a file here (Node's pipes are sockets, which /dev/stdout cannot open).
    const stdout = openSync(path.join(dir, 'stdout.log'), 'w');
    try {
      run(nginxBin(), ['-e', 'stderr', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-t'], {
        stdio: ['ignore', stdout, 'pipe'],
      });
    } finally {
      closeSync(stdout);
    }
  });

  test('nginx -t is real: it refuses a broken config', async () => {
    const prefix = await mkdtemp(path.join(os.tmpdir(), 'ops-nginx-t-'));
    temps.push(prefix);
    const { args } = await writeNginxPrefix({
      prefix,
      listen: '127.0.0.1:18080',
      root: prefix,
      apiPorts: [],
      nginxBin: nginxBin(),
    });
    // No API server at all: an empty upstream block is an error.
    assert.throws(() => run(nginxBin(), [...args, '-t']), /no servers are inside upstream/);
  });
});
