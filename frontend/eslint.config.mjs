// Lint with type information: floating and misused promises are errors, hooks follow
// React's rules, no feature imports another, the shared folders import no feature and one
// another only one way, and nothing imports src/app but the entry points.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The features, one folder per domain, read from the tree: a new one is covered at once. */
const FEATURES = readdirSync(path.join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Only main.tsx and entry-server.tsx put the app together; nothing the app uses imports it back. */
const NO_APP = { group: ['@/app/*', '**/app/*'], message: 'Only main.tsx and entry-server.tsx import src/app.' };

/** `files` may not import what `patterns` name (one rule entry per file: a later one replaces an earlier). */
function restrictImports(files, patterns) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

/**
 * A feature imports no other feature (by `@/features/<other>/` or by a relative path, which
 * names the other folder: `../../<other>/`) and not the app; src/app/routes composes them.
 */
function featurePatterns(feature) {
  return [
    ...FEATURES.filter((other) => other !== feature).map((other) => ({
      group: [`@/features/${other}/*`, `**/${other}/*`],
      message:
        'Features do not import each other: share through src/config, src/lib or src/components, or compose in src/app/routes.',
    })),
    NO_APP,
  ];
}

/** A shared folder imports no feature, not the app, and none of the shared folders above it. */
function sharedFolder(folder, above) {
  return restrictImports(
    [`src/${folder}/**`],
    [
      { group: ['@/features/*', '**/features/*'], message: 'Shared folders (lib, components, config) never import a feature.' },
      NO_APP,
      ...above.map((other) => ({
        group: [`@/${other}/*`, `**/${other}/*`],
        message: `src/${folder} does not import src/${other}: the shared folders import one way, components -> lib -> config -> generated.`,
      })),
    ],
  );
}

export default tseslint.config(
  // src/generated/ is written by `npm run api:types -w backend`, not by hand.
  {
    ignores: ['dist/**', 'dist-server/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'src/generated/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports' }],
    },
  },
  ...FEATURES.map((feature) => restrictImports([`src/features/${feature}/**`], featurePatterns(feature))),
  // The shared folders in one direction: components -> lib -> config -> generated.
  sharedFolder('components', []),
  sharedFolder('lib', ['components']),
  sharedFolder('config', ['components', 'lib']),
  {
    // Testing Library's and Vitest's asymmetric matchers are typed `any`.
    files: ['**/__tests__/**'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    files: ['e2e/**', '*.config.ts', 'scripts/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  { files: ['**/*.mjs', '**/*.js'], ...tseslint.configs.disableTypeChecked },
);
