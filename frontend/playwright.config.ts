import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

// Browser tests run Debian's Chromium (Playwright's own browser downloads are not used).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium not found at ${CHROMIUM}: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';

// Each run that starts the server starts it on an empty database.
const databaseDir = process.env.EMBEDDED_POSTGRES_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'frontend-e2e-pg-'));

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // Runs first, while the database is still empty.
    { name: 'empty-database', testMatch: /empty-database\.spec\.ts/, use: { ...devices['Desktop Chrome'] } },
    {
      name: 'chromium',
      testIgnore: /empty-database\.spec\.ts/,
      dependencies: ['empty-database'],
      use: { ...devices['Desktop Chrome'] },
    },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'npm run serve',
        cwd: repoRoot,
        url: `${BASE_URL}/api/health/ready`,
        timeout: 240_000,
        reuseExistingServer: !process.env.CI,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          CONTACT_RATE_LIMIT: '1000',
          EMBEDDED_POSTGRES_DIR: databaseDir,
          ADMIN_USERNAME: 'admin',
          ADMIN_PASSWORD: 'admin-dev-password',
        },
      },
});
