import { createHash } from 'node:crypto';
import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { CONSENT_NOTICE } from './src/features/contact/consent-notice.ts';

/** The consent notice's version: a short hash of its exact text, fixed when the app is built. */
const CONSENT_VERSION = createHash('sha256').update(CONSENT_NOTICE, 'utf8').digest('hex').slice(0, 12);

/**
 * The .ts tests that ask for a page on their first line (// @vitest-environment jsdom). They
 * run with the components, on the components' page: with the plain functions, each started a
 * worker and a page of its own (Vitest reuses a worker only for the same project and page),
 * about 3 CPU-seconds each.
 */
const TS_TESTS_ON_A_PAGE = globSync('src/**/__tests__/**/*.test.ts', { cwd: import.meta.dirname }).filter((file) =>
  readFileSync(new URL(file, import.meta.url), 'utf8').startsWith('// @vitest-environment jsdom'),
);

const API_TARGET = process.env.VITE_API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  define: { __CONSENT_VERSION__: JSON.stringify(CONSENT_VERSION) },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      // React DOM in a chunk of its own: when the admin chunk's portals (drawer, dialogs,
      // tooltips) share it, it would otherwise move out of the landing page's entry into a
      // common chunk with MUI's parts, whose many cross-chunk imports cost the landing page ~1 KB.
      output: { codeSplitting: { groups: [{ name: 'react-dom', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] } },
    },
  },
  test: {
    css: false,
    restoreMocks: true,
    testTimeout: 20_000,
    // A test waits for what the user would see, with room for a loaded 2-core machine (the
    // defaults, 1 s, failed the cards' idle-time rendering there): how fast is Lighthouse's question.
    expect: { poll: { timeout: 10_000 } },
    // One page and one module cache per worker, not per file: making a jsdom page and
    // importing React and MUI again for each file was two thirds of the suite's time (126 s
    // against 45 s on 2 cores). Each test cleans up after itself (setup-tests.ts, restoreMocks).
    isolate: false,
    projects: [
      // Components, and the .ts tests that ask for a page: one page per worker (jsdom).
      {
        extends: true,
        test: {
          name: 'components',
          include: ['src/**/__tests__/**/*.test.tsx', ...TS_TESTS_ON_A_PAGE],
          environment: 'jsdom',
          setupFiles: ['./src/testing/setup-tests.ts'],
        },
      },
      // Plain functions need no page, whose making cost about a second a file. A .ts test
      // that does need one says so on its first line: // @vitest-environment jsdom
      {
        extends: true,
        test: {
          name: 'functions',
          include: ['src/**/__tests__/**/*.test.ts'],
          exclude: TS_TESTS_ON_A_PAGE,
          environment: 'node',
        },
      },
    ],
  },
});
