// Prints the gzip size of what the landing page (dist/index.html) loads up front (the page
// itself, its styles inline, and its JavaScript), and of what /admin's sign-in form and
// dashboard load before they show, and fails when the landing page's or the dashboard's
// JavaScript passes its budget. Lazy chunks are not counted
// (the admin dashboard, never requested by the landing page; the form validation and the
// toaster, requested on first interaction and on submit) are listed for information.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const JS_BUDGET_BYTES = 100 * 1024;
// The dashboard's first screen is plain HTML and CSS (106.6 KB in November 2026): MUI and its
// theme, about 46 KB more, come with the parts that use them (components/lazy-with-theme.tsx).
const DASHBOARD_JS_BUDGET_BYTES = 120 * 1024;
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

// /admin: what each of its two first screens downloads before it shows (the entry, the admin
// route's chunk, then the sign-in form's or the dashboard's, each with every chunk it imports),
// from the build's manifest. What they load later (the trend chart, the lead's drawer, the
// erase dialog: React.lazy, fetched once shown or opened) is not counted.
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const ADMIN_SCREENS = [
  { name: 'Signed-in dashboard', route: 'src/app/routes/admin-dashboard.tsx', budget: DASHBOARD_JS_BUDGET_BYTES },
  { name: 'Sign-in form', route: 'src/features/auth/components/sign-in-form.tsx', theme: true },
];
const chunkFiles = (key, found = new Set()) => {
  if (found.has(key)) return found;
  found.add(key);
  for (const imported of manifest[key].imports ?? []) chunkFiles(imported, found);
  return found;
};
const overBudget = [];
if (jsBytes > JS_BUDGET_BYTES) overBudget.push(`Landing page JS is ${kb(jsBytes)} gzip, over the ${kb(JS_BUDGET_BYTES)} budget.`);
for (const screen of ADMIN_SCREENS) {
  const keys = chunkFiles(screen.route, chunkFiles('src/app/routes/admin.tsx', chunkFiles('index.html')));
  // The sign-in form brings MUI's theme with it (components/lazy-with-theme.tsx).
  if (screen.theme) chunkFiles('src/app/provider.tsx', keys);
  const bytes = total([...keys].map((key) => manifest[key].file));
  const budget = screen.budget ? ` (budget ${kb(screen.budget)})` : '';
  console.log(`${screen.name}, first load (gzip): ${kb(bytes)}${budget} in ${keys.size} chunks`);
  if (screen.budget && bytes > screen.budget)
    overBudget.push(`${screen.name} JS is ${kb(bytes)} gzip, over the ${kb(screen.budget)} budget.`);
}
// The manifest was for this check: it is not part of the site.
rmSync(join(dist, '.vite'), { recursive: true, force: true });

if (overBudget.length) {
  console.error(overBudget.join('\n'));
  process.exit(1);
}
