// `npm run api:types -w backend`: writes the frontend's generated files (see generated-files.ts).
import 'reflect-metadata';
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { generatedFiles } from './generated-files.js';

const root = resolve(import.meta.dirname, '../../..');
const prettierConfig = JSON.parse(await readFile(resolve(root, '.prettierrc.json'), 'utf8')) as Record<string, unknown>;
for (const file of await generatedFiles(prettierConfig)) {
  await writeFile(resolve(root, file.path), file.content);
  console.log(`wrote ${file.path}`);
}
