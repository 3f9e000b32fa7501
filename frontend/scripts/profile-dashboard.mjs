// Where the signed-in dashboard's first screen spends a phone's main thread: /admin at a
// phone's size (412 × 823, Lighthouse's mobile preset) and Chromium's 4× CPU slowdown, with
// V8's CPU profiler (CDP Profiler) from the navigation until the first lead and two seconds
// more, and Long Tasks' entries. Prints the long tasks and the busy time by where the sampled
// function lives: a package (`react-dom`, `@mui/material`, `@emotion/*`), our own file, or V8's
// own entries (`(program)` is mostly Chromium's style, layout and parsing, `(garbage collector)`).
// Attribution by file needs a build whose chunks keep the comment that starts each module
// (`// ../node_modules/<package>/…`, `// src/…`): `npx vite build --minify false` (then the
// prerender); on a minified build it falls back to the chunk's name. Used by scripts/lighthouse.mjs with LIGHTHOUSE_PROFILE=1.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));

/** For a served script, the module each of its lines belongs to (from the build's region marks), or null. */
function regionsOf(url) {
  const file = path.join(DIST, new URL(url).pathname);
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').split('\n');
  const mark = /^\/\/ (\S*node_modules\/\S+|src\/\S+)$/;
  if (!lines.some((line) => mark.test(line))) return null;
  let current = '?';
  return lines.map((line) => {
    current = mark.exec(line)?.[1] ?? current;
    return current;
  });
}

/** A module's group: its package for a dependency, its path under src/ for our own code. */
function groupOfModule(module) {
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module);
  if (dependency) return dependency[1].startsWith('@emotion/') ? '@emotion/*' : dependency[1];
  return module.replace(/^.*?src\//, 'src/');
}

function groupOf({ url, functionName, lineNumber }, regions) {
  // A built-in without a script (a DOM call, insertRule, Intl): by its name, where the browser's
  // style and layout that such a call forces is counted too.
  if (!url) return functionName.startsWith('(') ? functionName : `native ${functionName || '?'}`;
  if (!url.startsWith('http')) return '(browser)';
  if (!regions.has(url)) regions.set(url, regionsOf(url));
  const lines = regions.get(url);
  if (lines) return groupOfModule(lines[lineNumber] ?? '?');
  return new URL(url).pathname.replace(/-[\w-]{8}\.js$/, '.js');
}

/** Opens /admin signed in (`cookies`) as a phone at 4× CPU; resolves with `{ longTasks, groups }`. */
export async function profileDashboard({ baseUrl, cookies, chromiumPath }) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push(Math.round(entry.duration));
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${baseUrl}/admin`);
    // A plain query every half second: Playwright's role queries, polled, would be in the profile.
    await page.waitForFunction(() => document.querySelector('[data-testid="range-count"]'), null, { polling: 500 });
    await page.waitForTimeout(2000);
    const { profile } = await cdp.send('Profiler.stop');
    const longTasks = await page.evaluate(() => window.__longTasks);

    const regions = new Map();
    const groupOfNode = new Map(profile.nodes.map((node) => [node.id, groupOf(node.callFrame, regions)]));
    const ms = new Map();
    for (let i = 0; i < profile.samples.length; i += 1) {
      const group = groupOfNode.get(profile.samples[i]);
      if (group === '(idle)') continue;
      ms.set(group, (ms.get(group) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    }
    const groups = [...ms].map(([group, time]) => ({ group, ms: Math.round(time) })).sort((a, b) => b.ms - a.ms);
    return { longTasks, groups };
  } finally {
    await browser.close();
  }
}
