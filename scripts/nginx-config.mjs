// Renders nginx/templates/default.conf.template the way the web image's entrypoint does
// (envsubst of the named variables only) and writes a self-contained nginx prefix around
// it, so that Debian's nginx runs the very config of the Docker image. Shared by
// scripts/serve.mjs and the ops tests.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TEMPLATE = path.join(ROOT, 'nginx', 'templates', 'default.conf.template');
/** The variables the template uses; the image substitutes these and nothing else. */
export const TEMPLATE_VARIABLES = [
  'NGINX_PORT',
  'NGINX_ROOT',
  'NGINX_RESOLVER',
  'API_UPSTREAM',
  'API_UPSTREAM_SERVERS',
  'NGINX_API_LIMIT_KEY',
  'NGINX_API_RATE_RPS',
  'NGINX_API_BURST',
  'NGINX_BEHIND_PROXY',
  'NGINX_SERVER_NAME',
  'NGINX_OTHER_HOST',
  'NGINX_SITE_ORIGIN',
  'NGINX_CSP_CAPTCHA_SCRIPT',
  'NGINX_CSP_CAPTCHA_STYLE',
  'NGINX_CSP_CAPTCHA_CONNECT',
  'NGINX_CSP_CAPTCHA_FRAME',
];

/**
 * The template's per-client limit values from NGINX_API_RATE (requests a second per client
 * IP; burst five times that). Unset or 0: an empty key, which nginx does not count (its zone
 * still needs a valid rate). The same rule as nginx/api-rate.envsh in the image.
 */
export function apiRateValues(rate = '') {
  const perSecond = rate === '' ? 0 : Number(rate);
  if (!Number.isInteger(perSecond) || perSecond < 0) throw new Error(`NGINX_API_RATE must be a whole number, got "${rate}"`);
  if (perSecond === 0) return { NGINX_API_LIMIT_KEY: '""', NGINX_API_RATE_RPS: 1, NGINX_API_BURST: 1000 };
  return { NGINX_API_LIMIT_KEY: '$binary_remote_addr', NGINX_API_RATE_RPS: perSecond, NGINX_API_BURST: perSecond * 5 };
}

/**
 * The template's host check from NGINX_SERVER_NAME (the site's one host name), by default
 * PUBLIC_URL's host: where the site's address is known, a foreign Host answers 421 out of the
 * box (make serve and compose leave NGINX_SERVER_NAME unset). Both empty: any host, and the
 * landing page names the request's own (a plain host only). Set: another host answers 421
 * and the landing page names this one. The same rule as nginx/server-name.envsh.
 */
export function serverNameValues(serverName = '', publicUrl = '') {
  const name = serverName || hostOf(publicUrl);
  if (name === '') {
    return { NGINX_SERVER_NAME: '', NGINX_OTHER_HOST: '""', NGINX_SITE_ORIGIN: '$app_forwarded_proto://$app_request_host' };
  }
  if (!/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/.test(name)) {
    throw new Error(`NGINX_SERVER_NAME must be a host name such as leads.example.com, got "${name}"`);
  }
  const host = name.toLowerCase();
  // Named after PUBLIC_URL, the page names PUBLIC_URL itself (its scheme and port too: make
  // serve's http://127.0.0.1:8080); named alone, the request's scheme and the name.
  const origin = serverName ? `$app_forwarded_proto://${host}` : new URL(publicUrl).origin.toLowerCase();
  return { NGINX_SERVER_NAME: host, NGINX_OTHER_HOST: 1, NGINX_SITE_ORIGIN: origin };
}

/** PUBLIC_URL's host name (no port, no user), or '' without one. */
function hostOf(publicUrl) {
  if (!publicUrl) return '';
  try {
    return new URL(publicUrl).hostname;
  } catch {
    throw new Error(`PUBLIC_URL must be a URL such as https://leads.example.com, got "${publicUrl}"`);
  }
}

const CAPTCHA_ORIGINS = {
  turnstile: 'https://challenges.cloudflare.com',
  hcaptcha: 'https://hcaptcha.com https://*.hcaptcha.com',
};

/**
 * The Content-Security-Policy's room for the landing form's captcha from
 * NGINX_CAPTCHA_PROVIDER (the API's CAPTCHA_PROVIDER). Empty: no other origin. Turnstile's
 * origin goes into script-src and frame-src, hCaptcha's also into style-src and connect-src,
 * as each provider documents. The same rule as nginx/captcha-csp.envsh.
 */
export function captchaCspValues(provider = '') {
  if (provider === '') {
    return {
      NGINX_CSP_CAPTCHA_SCRIPT: '',
      NGINX_CSP_CAPTCHA_STYLE: '',
      NGINX_CSP_CAPTCHA_CONNECT: '',
      NGINX_CSP_CAPTCHA_FRAME: '',
    };
  }
  if (!Object.hasOwn(CAPTCHA_ORIGINS, provider)) {
    throw new Error(`NGINX_CAPTCHA_PROVIDER must be turnstile, hcaptcha or empty, got "${provider}"`);
  }
  const origins = CAPTCHA_ORIGINS[provider];
  const wide = provider === 'hcaptcha' ? ` ${origins}` : '';
  return {
    NGINX_CSP_CAPTCHA_SCRIPT: ` ${origins}`,
    NGINX_CSP_CAPTCHA_STYLE: wide,
    NGINX_CSP_CAPTCHA_CONNECT: wide,
    NGINX_CSP_CAPTCHA_FRAME: `; frame-src ${origins}`,
  };
}

/** envsubst semantics for `names`: `$NAME` and `${NAME}` become the value; others stay. */
export function renderTemplate(text, values, names = TEMPLATE_VARIABLES) {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (match, braced, bare) => {
    const name = braced ?? bare;
    if (!names.includes(name)) return match;
    if (values[name] === undefined) throw new Error(`nginx template: no value for ${name}`);
    return String(values[name]);
  });
}

/** Debian's nginx (package `nginx`), or NGINX_BIN. Throws a message naming the package. */
export function nginxBinary(env = process.env) {
  const candidates = env.NGINX_BIN ? [env.NGINX_BIN] : ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(
      `nginx not found (looked for ${candidates.join(', ')}). Install Debian's package: ` +
        'sudo apt-get install -y nginx (or set NGINX_BIN to an nginx binary).',
    );
  }
  return found;
}

function mimeTypesPath(nginxBin) {
  const candidates = ['/etc/nginx/mime.types', path.join(path.dirname(nginxBin), '..', 'conf', 'mime.types')];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error("nginx mime.types not found: install Debian's package nginx (it brings nginx-common).");
  return found;
}

/**
 * Writes `<prefix>/nginx.conf` (the equivalent of the image's main config) and
 * `<prefix>/conf.d/default.conf` (the rendered template). Returns the args to run nginx
 * in the foreground with it.
 */
export async function writeNginxPrefix({
  prefix,
  listen,
  root,
  apiPorts,
  apiHost = '127.0.0.1',
  apiRate = process.env.NGINX_API_RATE,
  behindProxy = false,
  serverName = process.env.NGINX_SERVER_NAME ?? '',
  // NGINX_SERVER_NAME's default: the site's address, as the API gets it.
  publicUrl = process.env.PUBLIC_URL ?? '',
  // make serve runs the API with the same environment: its CAPTCHA_PROVIDER unless nginx's is set.
  captchaProvider = process.env.NGINX_CAPTCHA_PROVIDER ?? process.env.CAPTCHA_PROVIDER ?? '',
  nginxBin = nginxBinary(),
}) {
  const template = await readFile(TEMPLATE, 'utf8');
  const site = renderTemplate(template, {
    NGINX_PORT: listen,
    NGINX_ROOT: root,
    // Never taking a replica out: nginx has no view of readiness, so one taken out after a
    // restart would stay out for fail_timeout, and a rolling restart would then stop the
    // only other one (all out: 503 for everyone). A stopped replica costs a refused
    // connection on the loopback; a slow one is bounded by the API's own time limits.
    API_UPSTREAM_SERVERS: apiPorts.map((port) => `server ${apiHost}:${port} max_fails=0;`).join(' '),
    ...apiRateValues(apiRate),
    ...serverNameValues(serverName, publicUrl),
    ...captchaCspValues(captchaProvider),
    NGINX_BEHIND_PROXY: behindProxy ? '1' : '0',
    // The upstream block by name, as in Kubernetes; so the resolver is never asked.
    API_UPSTREAM: 'api_backend',
    NGINX_RESOLVER: '127.0.0.1',
  });
  await mkdir(path.join(prefix, 'conf.d'), { recursive: true });
  await mkdir(path.join(prefix, 'temp'), { recursive: true });
  await writeFile(path.join(prefix, 'conf.d', 'default.conf'), site);
  const temp = (name) => path.join(prefix, 'temp', name);
  // Workers of a root master run as `nobody` unless told otherwise, and could not read a
  // checkout under /root; this is a local server, so as root they stay root.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  const main = `${user}worker_processes 1;
error_log stderr warn;
events { worker_connections 512; }
http {
    include ${mimeTypesPath(nginxBin)};
    default_type application/octet-stream;
    sendfile on;
    access_log ${path.join(prefix, 'access.log')};
    client_body_temp_path ${temp('body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
    include ${path.join(prefix, 'conf.d')}/*.conf;
}
`;
  const confPath = path.join(prefix, 'nginx.conf');
  await writeFile(confPath, main);
  const pidPath = path.join(prefix, 'nginx.pid');
  return {
    confPath,
    args: ['-e', 'stderr', '-p', prefix, '-c', confPath, '-g', `daemon off; pid ${pidPath};`],
  };
}
