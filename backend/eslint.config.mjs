// Lint with type information: floating promises and misused promises are errors (see STYLE.md).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The core folders of src/ serve the features and never depend on one, so a feature can
// change or go without touching the core. Every other folder of src/ is a feature: read
// from the tree, so that a new feature is covered the day it is created.
const CORE = ['config', 'common', 'database', 'deliveries'];
const FEATURES = readdirSync(new URL('./src/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !CORE.includes(entry.name))
  .map((entry) => entry.name);
const FEATURE_IMPORT = `^\\.\\./(${FEATURES.join('|')})/`;

export default tseslint.config(
  { ignores: ['dist/**', 'dist-tools/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/no-extraneous-class': 'off',
    },
  },
  {
    // Decorator metadata needs injected classes imported as values, not `import type`.
    files: ['src/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['test/**/*.ts', '**/*.spec.ts'],
    rules: {
      // supertest and JSON answers are untyped by nature.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['src/config/**', 'src/common/**', 'src/deliveries/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: FEATURE_IMPORT, message: 'config/, common/ and deliveries/ never import a feature folder.' }] },
      ],
    },
  },
  {
    // TypeORM's entity list is the one thing the database folder takes from the features.
    files: ['src/database/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `${FEATURE_IMPORT}(?!.*\\.entity\\.js$)`,
              message: 'database/ imports only entities from the feature folders.',
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.mjs', '**/*.js'], ...tseslint.configs.disableTypeChecked },
);
