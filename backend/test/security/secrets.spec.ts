import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { AppModule } from '../../src/app.module.js';

// Finding: production started with the sample secrets of .env.example, and with 12 spaces.
const DATABASE_URL = 'postgres://app:secret@127.0.0.1:5432/app';
const STRONG = {
  NODE_ENV: 'production',
  DATABASE_URL,
  SESSION_SECRET: 'q3T0yX9m1pZr8w+KcV2bN7eH4uJ6aLsD0fGiOk5RtYE=',
  ADMIN_PASSWORD: 'correct horse battery staple',
};

describe('production secrets', () => {
  it.each([
    ['SESSION_SECRET', 'change-me-to-a-random-string-of-32-or-more-characters'],
    ['SESSION_SECRET', 'dev-only-session-secret-not-for-production-use'],
    ['SESSION_SECRET', ' '.repeat(32)],
    ['SESSION_SECRET', 'a'.repeat(32)],
    ['ADMIN_PASSWORD', 'change-me-admin-password'],
    ['ADMIN_PASSWORD', 'admin-dev-password'],
    ['ADMIN_PASSWORD', ' '.repeat(12)],
    ['ADMIN_PASSWORD', 'aaaaaaaaaaaa'],
    ['ADMIN_PASSWORD', 'password1234'],
  ])('refuses to start with %s=%j, naming the variable', (name, value) => {
    expect(() => AppModule.forRoot({ ...STRONG, [name]: value })).toThrow(new RegExp(`Invalid environment: ${name} `));
  });

  it('starts with secrets made by openssl rand', () => {
    expect(() => AppModule.forRoot(STRONG)).not.toThrow();
  });

  it('ships no secret in .env.example, so compose refuses to start until they are set', () => {
    const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    for (const name of ['POSTGRES_PASSWORD', 'SESSION_SECRET', 'ADMIN_PASSWORD']) {
      expect(example).toMatch(new RegExp(`^${name}=$`, 'm'));
    }
  });
});
