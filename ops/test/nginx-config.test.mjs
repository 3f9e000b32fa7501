import assert from 'node:assert/strict';
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

  test('uses exactly the variables the image substitutes (NGINX_ENVSUBST_FILTER)', () => {
    const used = new Set([...template.matchAll(/\$\{([A-Z_]+)\}/g)].map((match) => match[1]));
    assert.deepEqual([...used].sort(), [...TEMPLATE_VARIABLES].sort());
    const filter = readText('nginx/Dockerfile').match(/NGINX_ENVSUBST_FILTER="([^"]+)"/)[1];
    const regex = new RegExp(filter);
    for (const name of TEMPLATE_VARIABLES) assert.match(name, regex);
    for (const name of ['host', 'uri', 'remote_addr', 'PATH', 'HOME']) assert.doesNotMatch(name, regex);
  });

  test('rendering is envsubst: named variables replaced, nginx variables kept', () => {
    const rendered = renderTemplate(template, {
      NGINX_PORT: '8080',
      NGINX_ROOT: '/srv/app',
      API_UPSTREAM_SERVERS: 'server backend:3000;',
      NGINX_BEHIND_PROXY: '0',
    });
    assert.doesNotMatch(rendered, /\$\{?(NGINX_PORT|NGINX_ROOT|API_UPSTREAM_SERVERS|NGINX_BEHIND_PROXY)/);
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
