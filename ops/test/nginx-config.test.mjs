import assert from 'node:assert/strict';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { execFileSync } from 'node:child_process';
import {
  apiRateValues,
  captchaCspValues,
  renderTemplate,
  ROOT,
  serverNameValues,
  TEMPLATE_VARIABLES,
  writeNginxPrefix,
} from '../../scripts/nginx-config.mjs';
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
    assert.match(template, /resolver \$\{NGINX_RESOLVER\} valid=\d+s/);
    assert.match(template, /set \$api_upstream \$\{API_UPSTREAM\};/);
    assert.match(api, /proxy_pass http:\/\/\$api_upstream;/);
  });

  test('rendering is envsubst: named variables replaced, nginx variables kept', () => {
    const rendered = renderTemplate(template, {
      NGINX_PORT: '8080',
      NGINX_ROOT: '/srv/app',
      API_UPSTREAM_SERVERS: 'server backend:3000;',
      API_UPSTREAM: 'backend:3000',
      NGINX_RESOLVER: '10.89.0.1',
      ...apiRateValues('10'),
      ...serverNameValues('leads.example.com'),
      ...captchaCspValues('turnstile'),
      NGINX_BEHIND_PROXY: '0',
    });
    assert.doesNotMatch(rendered, new RegExp(`\\$\\{?(${TEMPLATE_VARIABLES.join('|')})`));
    assert.match(rendered, /set \$api_upstream backend:3000;/);
    assert.match(rendered, /limit_req_zone \$binary_remote_addr zone=api_rate:10m rate=10r\/s;/);
    assert.match(rendered, /limit_req zone=api_rate burst=50 nodelay;/);
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

  test('NGINX_API_RATE: unset or 0 counts nothing; the image derives the same values as make serve', () => {
    assert.deepEqual(apiRateValues(undefined), apiRateValues('0'));
    assert.equal(apiRateValues('0').NGINX_API_LIMIT_KEY, '""');
    assert.deepEqual(apiRateValues('20'), {
      NGINX_API_LIMIT_KEY: '$binary_remote_addr',
      NGINX_API_RATE_RPS: 20,
      NGINX_API_BURST: 100,
    });
    assert.throws(() => apiRateValues('fast'), /NGINX_API_RATE/);
    for (const rate of ['', '0', '7']) {
      const script = `. ./nginx/api-rate.envsh; printf '%s|%s|%s' "$NGINX_API_LIMIT_KEY" "$NGINX_API_RATE_RPS" "$NGINX_API_BURST"`;
      const shell = execFileSync('sh', ['-c', script], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, NGINX_API_RATE: rate },
        encoding: 'utf8',
      });
      const values = apiRateValues(rate);
      assert.equal(shell, `${values.NGINX_API_LIMIT_KEY}|${values.NGINX_API_RATE_RPS}|${values.NGINX_API_BURST}`);
    }
  });

  test('NGINX_SERVER_NAME: empty serves any host; the image derives the same values as make serve', () => {
    assert.deepEqual(serverNameValues(undefined), serverNameValues(''));
    assert.deepEqual(serverNameValues('Leads.Example.com'), {
      NGINX_SERVER_NAME: 'leads.example.com',
      NGINX_OTHER_HOST: 1,
      NGINX_SITE_ORIGIN: '$app_forwarded_proto://leads.example.com',
    });
    for (const bad of ['evil.example:8090', 'a b', 'x"y', '.example.com']) {
      assert.throws(() => serverNameValues(bad), /NGINX_SERVER_NAME/, bad);
    }
    for (const name of ['', 'Leads.Example.com']) {
      const script = `. ./nginx/server-name.envsh; printf '%s|%s|%s' "$NGINX_SERVER_NAME" "$NGINX_OTHER_HOST" "$NGINX_SITE_ORIGIN"`;
      const shell = execFileSync('sh', ['-c', script], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, NGINX_SERVER_NAME: name },
        encoding: 'utf8',
      });
      const values = serverNameValues(name);
      assert.equal(shell, `${values.NGINX_SERVER_NAME}|${values.NGINX_OTHER_HOST}|${values.NGINX_SITE_ORIGIN}`);
    }
    // Unset, it defaults to PUBLIC_URL's host (compose, Kubernetes, make serve); set, it wins.
    for (const [name, publicUrl, host] of [
      ['', 'https://Leads.Example.com:8443/inbox', 'leads.example.com'],
      ['', 'http://user:pw@127.0.0.1:8080', '127.0.0.1'],
      ['other.example.com', 'https://leads.example.com', 'other.example.com'],
      ['', '', ''],
    ]) {
      assert.equal(serverNameValues(name, publicUrl).NGINX_SERVER_NAME, host, publicUrl);
      const script = `. ./nginx/server-name.envsh; printf '%s|%s|%s' "$NGINX_SERVER_NAME" "$NGINX_OTHER_HOST" "$NGINX_SITE_ORIGIN"`;
      const shell = execFileSync('sh', ['-c', script], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, NGINX_SERVER_NAME: name, PUBLIC_URL: publicUrl },
        encoding: 'utf8',
      });
      const values = serverNameValues(name, publicUrl);
      assert.equal(shell, `${values.NGINX_SERVER_NAME}|${values.NGINX_OTHER_HOST}|${values.NGINX_SITE_ORIGIN}`, publicUrl);
    }
    const refused = `. ./nginx/server-name.envsh`;
    assert.throws(
      () =>
        execFileSync('sh', ['-c', refused], {
          cwd: ROOT,
          env: { PATH: process.env.PATH, NGINX_SERVER_NAME: 'evil.example:8090' },
          stdio: 'pipe',
        }),
      /NGINX_SERVER_NAME must be a host name/,
    );
  });

  test("NGINX_CAPTCHA_PROVIDER: the CSP allows the configured provider's origins only, where it documents them", () => {
    const cspOf = (provider) => {
      const rendered = renderTemplate(template, {
        NGINX_PORT: '8080',
        NGINX_ROOT: '/srv/app',
        API_UPSTREAM_SERVERS: 'server backend:3000;',
        API_UPSTREAM: 'backend:3000',
        NGINX_RESOLVER: '10.89.0.1',
        ...apiRateValues('0'),
        ...serverNameValues(''),
        ...captchaCspValues(provider),
        NGINX_BEHIND_PROXY: '0',
      });
      const policy = rendered.match(/add_header Content-Security-Policy "([^"]+)"/)[1];
      return Object.fromEntries(policy.split('; ').map((directive) => [directive.split(' ')[0], directive]));
    };
    const none = cspOf('');
    assert.doesNotMatch(Object.values(none).join('; '), /cloudflare|hcaptcha/);
    assert.equal(none['frame-src'], undefined);
    const turnstile = cspOf('turnstile');
    assert.match(turnstile['script-src'], / https:\/\/challenges\.cloudflare\.com$/);
    assert.equal(turnstile['frame-src'], 'frame-src https://challenges.cloudflare.com');
    for (const directive of ['style-src', 'connect-src', 'img-src']) assert.equal(turnstile[directive], none[directive]);
    assert.doesNotMatch(Object.values(turnstile).join('; '), /hcaptcha/);
    const hcaptcha = cspOf('hcaptcha');
    for (const directive of ['script-src', 'style-src', 'connect-src']) {
      assert.equal(hcaptcha[directive], `${none[directive]} https://hcaptcha.com https://*.hcaptcha.com`);
    }
    assert.equal(hcaptcha['frame-src'], 'frame-src https://hcaptcha.com https://*.hcaptcha.com');
    assert.doesNotMatch(Object.values(hcaptcha).join('; '), /cloudflare/);

    const names = ['NGINX_CSP_CAPTCHA_SCRIPT', 'NGINX_CSP_CAPTCHA_STYLE', 'NGINX_CSP_CAPTCHA_CONNECT', 'NGINX_CSP_CAPTCHA_FRAME'];
    for (const provider of ['', 'turnstile', 'hcaptcha']) {
      const script = `. ./nginx/captcha-csp.envsh; printf '%s|' ${names.map((name) => `"$${name}"`).join(' ')}`;
      const shell = execFileSync('sh', ['-c', script], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, NGINX_CAPTCHA_PROVIDER: provider },
        encoding: 'utf8',
      });
      const values = captchaCspValues(provider);
      assert.equal(shell, names.map((name) => `${values[name]}|`).join(''), provider);
    }
    assert.throws(() => captchaCspValues('recaptcha'), /NGINX_CAPTCHA_PROVIDER must be/);
    assert.throws(
      () =>
        execFileSync('sh', ['-c', '. ./nginx/captcha-csp.envsh'], {
          cwd: ROOT,
          env: { PATH: process.env.PATH, NGINX_CAPTCHA_PROVIDER: 'recaptcha' },
          stdio: 'pipe',
        }),
      /NGINX_CAPTCHA_PROVIDER must be turnstile, hcaptcha or empty/,
    );
  });

  test('upstream: several failures, not one slow request, take a replica out; keep-alive shorter than the API', () => {
    assert.match(template, /keepalive_timeout 4s;/);
    // Which POSTs nginx sends again is nginx-resend.test.mjs's.
    assert.match(template, /proxy_read_timeout 30s;/);
  });

  test('nginx -t accepts the rendered config (one and two API replicas, with and without a rate)', async () => {
    for (const [apiPorts, apiRate] of [
      [[3000], undefined],
      [[3000, 3001], '0'],
      [[3000, 3001], '25'],
    ]) {
      const prefix = await mkdtemp(path.join(os.tmpdir(), 'ops-nginx-t-'));
      temps.push(prefix);
      const root = path.join(prefix, 'html');
      await mkdir(root);
      await writeFile(path.join(root, 'index.html'), '<!doctype html>');
      const { args } = await writeNginxPrefix({
        prefix,
        listen: '127.0.0.1:18080',
        root,
        apiPorts,
        apiRate,
        nginxBin: nginxBin(),
      });
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
      ...apiRateValues('20'),
      ...serverNameValues(''),
      ...captchaCspValues('hcaptcha'),
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
