// Where a V8 CPU profile (node --cpu-prof) spends its time, by the package or file the
// sampled function lives in: a dependency in node_modules by its package name, the API's
// own code by its file, Node's built-ins as `node:`, and V8's own entries (garbage
// collector, program) by name. Self time only, as shares of the time the process was busy
// (everything but V8's `(idle)`), so they add up to the whole. The start-up (loading and
// compiling modules, migrations) is left out: counting starts with the first sample taken
// inside an HTTP request (`parserOnIncoming`).
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

/** The ids of the profile's nodes that run inside Node's HTTP request handler. */
function nodesInRequests(nodes) {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const inside = new Set();
  const stack = [[nodes[0].id, false]];
  while (stack.length > 0) {
    const [id, parentInside] = stack.pop();
    const node = byId.get(id);
    const isInside = parentInside || node.callFrame.functionName === 'parserOnIncoming';
    if (isInside) inside.add(id);
    for (const child of node.children ?? []) stack.push([child, isInside]);
  }
  return inside;
}

/** `{ busyMs, idleMs, groups: [{ group, ms, share }] }`, largest first, from a .cpuprofile file. */
export function summarizeCpuProfile(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const msPerSample = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples.length);
  const groupOfNode = new Map(profile.nodes.map((node) => [node.id, groupOf(node.callFrame)]));
  const inRequests = nodesInRequests(profile.nodes);
  const first = profile.samples.findIndex((id) => inRequests.has(id));
  const byGroup = new Map();
  let busy = 0;
  let idle = 0;
  for (const id of profile.samples.slice(Math.max(0, first))) {
    const group = groupOfNode.get(id);
    if (group === '(idle)') {
      idle += 1;
      continue;
    }
    byGroup.set(group, (byGroup.get(group) ?? 0) + 1);
    busy += 1;
  }
  const groups = [...byGroup]
    .map(([group, hits]) => ({ group, ms: Math.floor(hits * msPerSample), share: hits / busy }))
    .sort((a, b) => b.ms - a.ms);
  return { busyMs: Math.floor(busy * msPerSample), idleMs: Math.floor(idle * msPerSample), groups };
}
