// No module of src/ reaches itself through its imports (static, dynamic or type-only): a
// circle makes the load order matter and hides which folder depends on which. ESLint's
// no-restricted-imports keeps the folders' direction; this walk catches a circle inside one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx)$/;
const SPECIFIERS = [/\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, /^\s*import\s*['"]([^'"]+)['"]/gm];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === '__tests__' ? [] : sourceFiles(file);
    return SOURCE.test(name) ? [file] : [];
  });
}

/** The file an import names, or null for a package or a non-source file (CSS, JSON). */
function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(SRC, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`];
  return candidates.find((file) => SOURCE.test(file) && statSync(file, { throwIfNoEntry: false })?.isFile()) ?? null;
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    const specifiers = SPECIFIERS.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]));
    const targets = specifiers.map((specifier) => resolveImport(file, specifier)).filter((target) => target !== null);
    graph.set(path.relative(SRC, file), [...new Set(targets.map((target) => path.relative(SRC, target)))]);
  }
  return graph;
}

/** Every circle met by a depth-first walk, each as the files along it (the first one repeated at the end). */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (node: string) => {
    const start = trail.indexOf(node);
    if (start >= 0) {
      cycles.push([...trail.slice(start), node]);
      return;
    }
    if (done.has(node)) return;
    trail.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    trail.pop();
    done.add(node);
  };
  for (const node of graph.keys()) visit(node);
  return cycles;
}

describe('the import graph of src/', () => {
  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });

  it('reads the imports of the real tree', () => {
    const graph = importGraph();
    expect(graph.get('components/toast/toaster.tsx')).toEqual(
      expect.arrayContaining(['config/theme.ts', 'components/toast/toast-content.tsx']),
    );
    expect(graph.get('components/toast/toast.ts')).toContain('components/toast/toaster.tsx');
  });

  it('has no circle', () => {
    expect(findCycles(importGraph())).toEqual([]);
  });
});
