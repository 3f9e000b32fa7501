import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { generatedFiles } from '../tools/generated-files.js';

const root = resolve(import.meta.dirname, '../..');

describe('files generated for the frontend', () => {
  it('are checked in as `npm run api:types -w backend` writes them', async () => {
    const prettierConfig = JSON.parse(await readFile(resolve(root, '.prettierrc.json'), 'utf8')) as Record<string, unknown>;
    const files = await generatedFiles(prettierConfig);

    expect(files.map((file) => file.path)).toEqual([
      'frontend/src/generated/api-types.ts',
      'frontend/src/generated/contact-rules.json',
      'frontend/src/generated/reply-template-variables.json',
    ]);
    for (const file of files) {
      const checkedIn = await readFile(resolve(root, file.path), 'utf8');
      // On a difference, run `npm run api:types -w backend` and commit the result.
      expect({ path: file.path, content: checkedIn }).toEqual(file);
    }
  });
});
