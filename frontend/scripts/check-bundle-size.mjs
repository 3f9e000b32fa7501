// Prints the gzip size of what the landing page (dist/index.html) loads up front (the page
// itself, its styles inline, and its JavaScript), and fails when its JavaScript passes the
// budget. Lazy chunks are not counted
// (the admin dashboard, never requested by the landing page; the form validation and the
// toaster, requested on first interaction and on submit) are listed for information.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const JS_BUDGET_BYTES = 100 * 1024;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const attr = (tag, name) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
// The prerender writes the stylesheets into the page (scripts/prerender.mjs): the HTML's
// size below includes them, and only scripts are fetched up front.
const js = new Set();
for (const tag of tags) {
  if (tag.startsWith('<script')) {
    const src = attr(tag, 'src');
    if (src) js.add(src);
  } else if (attr(tag, 'rel') === 'modulepreload') {
    const href = attr(tag, 'href');
    if (href) js.add(href);
  }
}

const gzipSize = (path) => gzipSync(readFileSync(join(dist, path.replace(/^\//, '')))).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (files) => [...files].reduce((sum, file) => sum + gzipSize(file), 0);

const jsBytes = total(js);
console.log('Landing page (gzip):');
for (const file of js) console.log(`  ${file}  ${kb(gzipSize(file))}`);
console.log(`  JS total:  ${kb(jsBytes)} (budget ${kb(JS_BUDGET_BYTES)})`);
console.log(`  HTML:      ${kb(gzipSync(html).length)} (the markup and its inline styles)`);

const lazy = readdirSync(join(dist, 'assets')).filter(
  (name) => name.endsWith('.js') && ![...js].some((file) => file.endsWith(`/${name}`)),
);
for (const name of lazy) console.log(`  lazy chunk (on demand, not counted): /assets/${name}  ${kb(gzipSize(`assets/${name}`))}`);

if (jsBytes > JS_BUDGET_BYTES) {
  console.error(`Landing page JS is ${kb(jsBytes)} gzip, over the ${kb(JS_BUDGET_BYTES)} budget.`);
  process.exit(1);
}
