// Where a V8 CPU profile (node --cpu-prof) spends its time, by the package or file the
// sampled function lives in: a dependency in node_modules by its package name, the API's
// own code by its file, Node's built-ins as `node:`, and V8's own entries (garbage
// collector, program) by name. Self time only, as shares of the time the process was busy
// (everything but V8's `(idle)`), so they add up to the whole.
import { readFileSync } from 'node:fs';

/** The group a sampled function belongs to, from its script URL and name. */
export function groupOf({ url, functionName }) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/g;
  let last;
  for (let match = modules.exec(url); match; match = modules.exec(url)) last = match[1];
  if (last) return last;
  if (url.startsWith('node:')) return url.split('/')[0];
  const own = /\/dist\/(.+)$/.exec(url);
  return own ? `api: ${own[1]}` : url;
}

/** `{ busyMs, idleMs, groups: [{ group, ms, share }] }`, largest first, from a .cpuprofile file. */
export function summarizeCpuProfile(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const msPerSample = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
  const byGroup = new Map();
  let busy = 0;
  let idle = 0;
  for (const node of profile.nodes) {
    if (!node.hitCount) continue;
    const group = groupOf(node.callFrame);
    if (group === '(idle)') {
      idle += node.hitCount;
      continue;
    }
    byGroup.set(group, (byGroup.get(group) ?? 0) + node.hitCount);
    busy += node.hitCount;
  }
  const groups = [...byGroup]
    .map(([group, hits]) => ({ group, ms: Math.round(hits * msPerSample), share: hits / busy }))
    .sort((a, b) => b.ms - a.ms);
  return { busyMs: Math.round(busy * msPerSample), idleMs: Math.round(idle * msPerSample), groups };
}
