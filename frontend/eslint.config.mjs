// Lint with type information: floating and misused promises are errors, hooks follow
// React's rules, no feature imports another (nor one part of the admin feature another), the
// shared folders import no feature and one another only one way, and nothing imports src/app
// but the entry points.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['account', 'admin', 'auth', 'contact', 'team'];
/** The admin feature's parts, folders of their own that share only through features/admin/ itself. */
const ADMIN_PARTS = ['inbox', 'analytics'];

/** Only main.tsx and entry-server.tsx put the app together; nothing the app uses imports it back. */
const NO_APP = { group: ['@/app/*', '**/app/*'], message: 'Only main.tsx and entry-server.tsx import src/app.' };

/** `files` may not import what `patterns` name (one rule entry per file: a later one replaces an earlier). */
function restrictImports(files, patterns) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

/** A feature imports no other feature and not the app. */
function featurePatterns(feature) {
  return [
    ...FEATURES.filter((other) => other !== feature).map((other) => ({
      group: [`@/features/${other}/*`, `**/features/${other}/*`],
      message: 'Features do not import each other: share through src/config, src/lib or src/components.',
    })),
    NO_APP,
  ];
}

/** A part of the admin feature imports no other part. */
function adminPartPatterns(part) {
  return ADMIN_PARTS.filter((other) => other !== part).map((other) => ({
    group: [`@/features/admin/${other}/*`, `**/${other}/*`],
    message: "The admin feature's parts (inbox, analytics) do not import each other: share through features/admin/ or src/.",
  }));
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
  ...ADMIN_PARTS.map((part) =>
    restrictImports([`src/features/admin/${part}/**`], [...featurePatterns('admin'), ...adminPartPatterns(part)]),
  ),
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
