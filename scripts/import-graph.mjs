#!/usr/bin/env node
// The backend's import graph at folder level: how many folder → folder arrows, how many
// levels the longest chain has, and which folders import each other. Reads
// backend/src/**/*.ts (specs left out), resolves the relative imports (type-only and
// dynamic ones included) and counts an arrow once per pair of top-level folders of src/;
// the files at src/'s root (main.ts, app.module.ts, app-setup.ts) are the folder "(root)".
//
//   node scripts/import-graph.mjs            the figures
//   node scripts/import-graph.mjs --arrows   the figures, then every arrow
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../backend/src/', import.meta.url));
const ROOT_FOLDER = '(root)';

/** Every source file under `dir`, specs left out. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

/** The top-level folder of src/ that holds `file`. */
function folderOf(file) {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts.length > 1 ? parts[0] : ROOT_FOLDER;
}

/** The relative specifiers `source` imports or re-exports, statically or dynamically. */
function relativeImports(source) {
  const found = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const match of source.matchAll(pattern)) found.push(match[1]);
  return found;
}

/** Folder → set of folders it imports (arrows to itself left out). */
export function folderGraph() {
  const graph = new Map();
  for (const file of sourceFiles(SRC)) {
    const from = folderOf(file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const specifier of relativeImports(readFileSync(file, 'utf8'))) {
      const target = path.resolve(path.dirname(file), specifier);
      if (!target.startsWith(SRC)) continue;
      const to = folderOf(target);
      if (to !== from) graph.get(from).add(to);
    }
  }
  return graph;
}

/** The strongly connected components (Tarjan), each a list of folders. */
function components(graph) {
  let index = 0;
  const indexes = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const result = [];
  const visit = (node) => {
    indexes.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexes.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), indexes.get(next)));
      }
    }
    if (low.get(node) === indexes.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      result.push(component);
    }
  };
  for (const node of graph.keys()) if (!indexes.has(node)) visit(node);
  return result;
}

/**
 * The levels of the longest chain of imports: folders that import each other (directly or
 * round a circle) count as one level, as they cannot be built or read one before the other.
 */
function levels(graph) {
  const componentOf = new Map();
  components(graph).forEach((component, id) => component.forEach((folder) => componentOf.set(folder, id)));
  const depth = new Map();
  const depthOf = (id) => {
    if (depth.has(id)) return depth.get(id);
    let deepest = 0;
    for (const [folder, targets] of graph) {
      if (componentOf.get(folder) !== id) continue;
      for (const target of targets) {
        const next = componentOf.get(target);
        if (next !== id) deepest = Math.max(deepest, depthOf(next));
      }
    }
    depth.set(id, deepest + 1);
    return deepest + 1;
  };
  return Math.max(...[...new Set(componentOf.values())].map(depthOf));
}

/** The longest chain of distinct folders, each importing the next (a walk by depth-first search). */
function longestChain(graph) {
  let best = [];
  const path = [];
  const onPath = new Set();
  const walk = (folder) => {
    path.push(folder);
    onPath.add(folder);
    if (path.length > best.length) best = [...path];
    for (const next of graph.get(folder) ?? []) if (!onPath.has(next)) walk(next);
    onPath.delete(folder);
    path.pop();
  };
  for (const folder of graph.keys()) walk(folder);
  return best;
}

function main() {
  const graph = folderGraph();
  for (const targets of graph.values()) for (const target of targets) if (!graph.has(target)) graph.set(target, new Set());
  const arrows = [...graph].flatMap(([from, targets]) => [...targets].map((to) => [from, to]));
  const twoWay = arrows.filter(([from, to]) => from < to && graph.get(to).has(from));
  const circles = components(graph).filter((component) => component.length > 1);
  console.log(`folders: ${graph.size}`);
  console.log(`arrows: ${arrows.length}`);
  console.log(`levels (folders in a circle count as one): ${levels(graph)}`);
  const chain = longestChain(graph);
  console.log(`longest chain of distinct folders: ${chain.length}\n  ${chain.join(' -> ')}`);
  console.log(`two-way pairs: ${twoWay.length}${twoWay.map(([a, b]) => `\n  ${a} <-> ${b}`).join('')}`);
  console.log(
    `circles (folders that reach themselves): ${circles.length}${circles.map((c) => `\n  ${c.sort().join(', ')}`).join('')}`,
  );
  if (process.argv.includes('--arrows')) {
    for (const [from, to] of arrows.sort((a, b) => a.join().localeCompare(b.join()))) console.log(`${from} -> ${to}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
