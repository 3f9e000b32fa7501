/**
 * The values development and tests run with when a secret is not set. They are published in
 * this repository, so production refuses them (see secret-strength.ts).
 */
export const DEV_ADMIN = { username: 'admin', password: 'admin-dev-password' } as const;
export const DEV_SESSION_SECRET = 'dev-only-session-secret-not-for-production-use';
