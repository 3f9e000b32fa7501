// Lint with type information: floating promises and misused promises are errors (see STYLE.md).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The folders of src/ in three layers (docs/architecture.md, "Where things go"):
// - core folders serve every feature and import only the core folders before them in CORE
//   (so two never import each other), but for database/ which takes the entities;
// - leads/, the lead's home (its entity, rules, counters and events): imports the core only;
// - every other folder is a feature, read from the tree so that a new one is covered the day
//   it is created: it imports the core and leads/, never another feature.
// So no two folders import each other.
export const CORE = [
  'config',
  'metrics',
  'common',
  'shutdown',
  'audit',
  'rate-limit',
  'deliveries',
  'identity',
  'mail',
  'database',
];
export const LEADS = 'leads';
const FOLDERS = readdirSync(new URL('./src/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const FEATURES = FOLDERS.filter((name) => !CORE.includes(name) && name !== LEADS);

/** A pattern for `no-restricted-imports`: a relative import of one of `folders`, from a file `depth` folders below src/. */
const importOf = (folders, depth, message, suffix = '') => ({
  regex: `^${'\\.\\./'.repeat(depth)}(${folders.join('|')})/${suffix}`,
  message,
});

/** What a file of `folder` may not import, as `no-restricted-imports` patterns for a file `depth` folders below src/. */
function restrictions(folder, depth) {
  if (folder === 'database') {
    const message = 'database/ imports only entities from the feature folders.';
    return [importOf([...FEATURES, LEADS], depth, message, '(?!.*\\.entity\\.js$)')];
  }
  if (CORE.includes(folder)) {
    const later = CORE.slice(CORE.indexOf(folder) + 1);
    return [
      importOf([...FEATURES, LEADS], depth, 'A core folder never imports a feature folder nor leads/.'),
      importOf(
        later,
        depth,
        `${folder}/ imports only the core folders before it (${CORE.join(', ')}): no two import each other.`,
      ),
    ];
  }
  if (folder === LEADS) return [importOf(FEATURES, depth, 'leads/ imports the core folders only, never a feature.')];
  const others = FEATURES.filter((name) => name !== folder);
  return [importOf(others, depth, 'A feature imports the core folders and leads/ only, never another feature.')];
}

// One block per folder and depth (src/<folder>/x.ts, src/<folder>/sub/x.ts, …): a file's
// `no-restricted-imports` comes from one block only, as ESLint replaces a rule's options.
const BOUNDARIES = FOLDERS.flatMap((folder) =>
  [1, 2, 3].map((depth) => ({
    files: [`src/${folder}/${'*/'.repeat(depth - 1)}*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: restrictions(folder, depth) }] },
  })),
);

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
  ...BOUNDARIES,
  { files: ['**/*.mjs', '**/*.js'], ...tseslint.configs.disableTypeChecked },
);
