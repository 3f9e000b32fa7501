// After `vite build` and the server build of src/entry-server.tsx: writes each page of the
// SPA as a file of its own (index.html, admin.html, privacy.html, 404.html), with the page's
// title, description and markup, so that it paints before its JavaScript runs; nginx serves
// each file at its route (nginx/templates/default.conf.template).
import { readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const serverBuild = fileURLToPath(new URL('../dist-server/', import.meta.url));
const { prerenderedPages, renderPage } = await import(new URL('entry-server.js', `file://${serverBuild}`).href);

const escapeHtml = (value) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The head of one page. `/` also gets its canonical URL and Open Graph tags; nginx writes the site's origin in place of %SITE_ORIGIN%. */
function head({ path, meta }) {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
  ];
  if (meta.robots) tags.push(`<meta name="robots" content="${escapeHtml(meta.robots)}" />`);
  if (path === '/') {
    tags.push(
      '<link rel="canonical" href="%SITE_ORIGIN%/" />',
      '<meta property="og:type" content="website" />',
      `<meta property="og:site_name" content="${escapeHtml(meta.siteName)}" />`,
      `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
      '<meta property="og:url" content="%SITE_ORIGIN%/" />',
      '<meta name="twitter:card" content="summary" />',
    );
  }
  return tags.join('\n    ');
}

/**
 * A stylesheet written into the page, followed by a disabled link to its file: a disabled
 * stylesheet is not downloaded, and Vite's loader of lazy chunks takes the link for one already
 * on the page. Without it, the loader asked for each file again as the route's chunk came, held
 * the route back until it arrived, and the page restyled itself with every rule twice.
 */
async function inlinedStylesheet(file) {
  return `<style>${(await readFile(`${dist}${file}`, 'utf8')).trim()}</style><link rel="stylesheet" href="/${file}" disabled>`;
}

/** The site's stylesheets (a few KB) written into the page, so that no request holds its first paint back. */
async function inlineStylesheets(html) {
  let inlined = html;
  for (const [tag, href] of html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"[^>]*>/g)) {
    inlined = inlined.replace(tag, await inlinedStylesheet(href));
  }
  return inlined;
}

const template = await inlineStylesheets(await readFile(`${dist}index.html`, 'utf8'));
// The lazy chunks a page shows at once, with every chunk they import: the page gets their
// stylesheets written in and their scripts preloaded, as if they were the entry's, rather
// than found one after the other as each chunk runs. The landing page is a chunk of its own
// so that the dashboard never downloads its form; /admin's two pages show the sign-in form
// or the dashboard.
const manifest = JSON.parse(await readFile(`${dist}.vite/manifest.json`, 'utf8'));
const PRELOADED_CHUNKS = {
  'index.html': ['src/app/routes/landing.tsx'],
  'admin.html': ['src/app/routes/admin.tsx', 'src/features/auth/components/sign-in-form.tsx', 'src/app/provider.tsx'],
  'admin-session.html': ['src/app/routes/admin.tsx', 'src/app/routes/admin-dashboard.tsx'],
};

/** The manifest's chunk and every chunk it imports, the entry's (already in the template) left out. */
function staticImports(key, found = new Set()) {
  if (found.has(key) || key === 'index.html') return found;
  found.add(key);
  for (const imported of manifest[key].imports ?? []) staticImports(imported, found);
  return found;
}

async function routeAssets(file) {
  const found = new Set();
  for (const key of PRELOADED_CHUNKS[file] ?? []) staticImports(key, found);
  if (!found.size) return '';
  const chunks = [...found].map((key) => manifest[key]);
  const styles = await Promise.all(chunks.flatMap((chunk) => chunk.css ?? []).map(inlinedStylesheet));
  const scripts = chunks
    .filter((chunk) => !template.includes(`/${chunk.file}"`))
    .map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
  return [...scripts, ...styles].join('\n    ');
}

// The page paints from its HTML and CSS; its scripts (which make it interactive) are
// requested once it has painted (scripts/load-after-paint.js): no download comes before the
// first paint, and the largest text, painted with it, is the largest paint.
const LOAD_AFTER_PAINT = (await readFile(new URL('load-after-paint.js', import.meta.url), 'utf8')).trim();
const SCRIPT_TAGS = /\s*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g;

/** The document with its scripts moved into an inert template at the end of its body, and the script that loads them after the paint. */
function loadScriptsAfterPaint(document) {
  const scripts = [...document.matchAll(SCRIPT_TAGS)].map(([, tag]) => tag);
  if (!scripts.length) throw new Error('the page has no script to defer');
  return document
    .replace(SCRIPT_TAGS, '')
    .replace(
      '</body>',
      `  <template id="page-scripts">${scripts.join('')}</template>\n    <script>${LOAD_AFTER_PAINT}</script>\n  </body>`,
    );
}

for (const page of prerenderedPages) {
  const { html, styles } = await renderPage(page.path, { session: page.session });
  // The route's assets after the entry's, so its stylesheets come after the site's as they would at run time.
  const assets = await routeAssets(page.file);
  const document = template
    .replace('<!--page-head-->', `${head(page)}\n    ${styles}`)
    .replace('</head>', assets ? `  ${assets}\n  </head>` : '</head>')
    .replace('<!--page-html-->', html);
  await writeFile(`${dist}${page.file}`, loadScriptsAfterPaint(document));
  console.log(`prerendered ${page.path} -> dist/${page.file} (${(document.length / 1024).toFixed(1)} KB)`);
}
await rm(serverBuild, { recursive: true, force: true });
