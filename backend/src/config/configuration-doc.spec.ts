import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { getMetadataStorage } from 'class-validator';
import { Environment } from './environment.js';

// docs/configuration.md against the class that validates the environment, so that neither
// drifts: the rules are written at the top of the doc.
const root = resolve(import.meta.dirname, '../../..');
const doc = readFileSync(resolve(root, 'docs/configuration.md'), 'utf8');

const API_SECTION = "The API's variables";
const ELSEWHERE_SECTION = 'Read elsewhere, not by the API';
/** A variable's name as the doc writes it, in backticks: `PORT`, `SMTP_URL`. */
const VARIABLE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;
/** A file of the repository, in backticks: `scripts/serve.mjs`, `docker-compose.yml`. */
const FILE = /^[\w.-]+(\/[\w.-]+)*\.\w+$/;

/** Every property the class validates: the variables the API reads. */
function validatedVariables(): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(Environment, '', true, false);
  return [...new Set(metadata.map((rule) => rule.propertyName))].sort();
}

/** The class's own defaults, as its field initialisers set them (undefined: none). */
function classDefault(name: string): string | undefined {
  const value = (new Environment() as unknown as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The text under `## heading`, to the next `## `. */
function section(heading: string): string {
  const parts = doc.split(/^## /m);
  const found = parts.find((part) => part.startsWith(`${heading}\n`));
  if (!found) throw new Error(`docs/configuration.md has no "## ${heading}"`);
  return found;
}

/** The body rows of the section's first table, as arrays of cells. */
function tableRows(text: string): string[][] {
  const lines = text.split('\n').filter((line) => line.startsWith('|'));
  const cells = (line: string) => line.slice(1, -1).split(' | ');
  return lines.slice(2).map((line) => cells(line).map((cell) => cell.trim()));
}

/** The backticked texts of a cell, in order. */
function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]);
}

const namesIn = (cell: string) => codeSpans(cell).filter((span) => VARIABLE.test(span));

const apiRows = tableRows(section(API_SECTION)).map(([names, defaults]) => ({ names: namesIn(names), defaults }));
const documented = apiRows.flatMap((row) => row.names);
const elsewhereRows = tableRows(section(ELSEWHERE_SECTION)).map(([names, readBy]) => ({ names: namesIn(names), readBy }));
const elsewhere = elsewhereRows.flatMap((row) => row.names);

describe('docs/configuration.md', () => {
  it("lists every variable the class validates, once, and none the class lacks, in the API's table", () => {
    expect([...documented].sort()).toEqual(validatedVariables());
  });

  it("states the class's defaults: one value in backticks per variable of the row, or prose where the class has none", () => {
    for (const { names, defaults } of apiRows) {
      const values = /^`[^`]*`(, `[^`]*`)*$/.test(defaults) ? codeSpans(defaults) : undefined;
      const expected = names.map(classDefault);
      if (values) expect({ names, defaults: values }).toEqual({ names, defaults: expected });
      else expect({ names, defaults: expected }).toEqual({ names, defaults: names.map(() => undefined) });
    }
  });

  it('names, outside the API table, only variables the class has or the table of those read elsewhere', () => {
    const prose = doc.replace(/^```[\s\S]*?^```/gm, '');
    const named = new Set(codeSpans(prose).filter((span) => VARIABLE.test(span) && span.includes('_')));
    const unknown = [...named].filter((name) => !documented.includes(name) && !elsewhere.includes(name));
    expect(unknown).toEqual([]);
  });

  it('lists in the table of those read elsewhere only variables the API does not read, each in the file it names', () => {
    expect(elsewhere.filter((name) => validatedVariables().includes(name))).toEqual([]);
    for (const { names, readBy } of elsewhereRows) {
      const files = codeSpans(readBy).filter((span) => FILE.test(span));
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const text = readFileSync(resolve(root, file), 'utf8');
        expect({ file, missing: names.filter((name) => !text.includes(name)) }).toEqual({ file, missing: [] });
      }
    }
  });
});
