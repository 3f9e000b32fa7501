/**
 * The admin the e2e server is started with (playwright.config.ts) and the tests sign in as.
 * `npm run serve` runs in production mode, which refuses the development password.
 */
export const ADMIN = { username: 'admin', password: 'e2e tawny harbor lantern 42', email: 'admin@example.com' } as const;
