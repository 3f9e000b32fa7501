import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { COMMON_PASSWORD_COUNT, commonPasswordFile, commonPasswords } from './common-passwords.js';
import {
  accountPasswordProblem,
  adminPasswordProblem,
  estimatedEntropyBits,
  isCommonPassword,
  sessionSecretProblem,
} from './secret-strength.js';

describe(estimatedEntropyBits.name, () => {
  it('scores repeats and tiny alphabets near zero and random text high', () => {
    expect(estimatedEntropyBits(' '.repeat(40))).toBe(0);
    expect(estimatedEntropyBits('ab'.repeat(20))).toBe(40);
    // 32 random bytes in base64, as `openssl rand -base64 32` prints them.
    expect(estimatedEntropyBits('q3T0yX9m1pZr8w+KcV2bN7eH4uJ6aLsD0fGiOk5RtYE=')).toBeGreaterThan(180);
  });
});

describe(isCommonPassword.name, () => {
  it.each(['password1234', 'Password2024!', 'adminadminadmin', '123456789012', 'qwertyuiop12', '!!letmein2025'])(
    'finds %s common',
    (password) => expect(isCommonPassword(password)).toBe(true),
  );

  it.each(['correct horse battery staple', 'Tawny-Harbor-Lantern-42', 'password manager vault 9'])('lets %s pass', (password) =>
    expect(isCommonPassword(password)).toBe(false),
  );
});

describe(sessionSecretProblem.name, () => {
  it.each([
    ['change-me-to-a-random-string-of-32-or-more-characters', /placeholder/],
    ['dev-only-session-secret-not-for-production-use', /placeholder/],
    ['REPLACE-WITH-32-OR-MORE-RANDOM-CHARACTERS', /placeholder/],
    [' '.repeat(40), /too predictable/],
    ['a'.repeat(64), /too predictable/],
    ['abcdefgh'.repeat(4), /too predictable/],
    ['short', /at least 32 characters/],
  ])('refuses %j', (secret, problem) => {
    expect(sessionSecretProblem(secret)).toMatch(/^SESSION_SECRET /);
    expect(sessionSecretProblem(secret)).toMatch(problem);
  });

  it('accepts the output of openssl rand -base64 32', () => {
    expect(sessionSecretProblem('q3T0yX9m1pZr8w+KcV2bN7eH4uJ6aLsD0fGiOk5RtYE=')).toBeNull();
  });
});

describe(adminPasswordProblem.name, () => {
  it.each([
    ['change-me-admin-password', /placeholder/],
    ['CHANGE-ME', /placeholder/],
    ['admin-dev-password', /placeholder/],
    ['short-pass', /at least 12 characters/],
    [' '.repeat(12), /common password|too predictable/],
    ['aaaaaaaaaaaa', /common password|too predictable/],
    ['abcabcabcabc', /common password|too predictable/],
    ['Password1234', /common password/],
  ])('refuses %j', (password, problem) => {
    expect(adminPasswordProblem(password)).toMatch(/^ADMIN_PASSWORD /);
    expect(adminPasswordProblem(password)).toMatch(problem);
  });

  it('accepts a passphrase', () => {
    expect(adminPasswordProblem('correct horse battery staple')).toBeNull();
  });
});

describe(commonPasswords.name, () => {
  it('holds well over 100,000 leaked passwords, read once', () => {
    expect(commonPasswords().size).toBeGreaterThan(190_000);
    expect(commonPasswords()).toBe(commonPasswords());
  });

  it("finds the list's first, middle and last kept words, and nothing past them", () => {
    const lines = readFileSync(commonPasswordFile(), 'utf8')
      .split('\n', COMMON_PASSWORD_COUNT + 1)
      .map((line) => line.trim().toLowerCase());
    for (const kept of [lines[0], lines[COMMON_PASSWORD_COUNT / 2], lines[COMMON_PASSWORD_COUNT - 1]]) {
      expect(commonPasswords().has(kept)).toBe(true);
    }
    const past = lines[COMMON_PASSWORD_COUNT];
    expect(lines.slice(0, COMMON_PASSWORD_COUNT)).not.toContain(past);
    expect(commonPasswords().has(past)).toBe(false);
    expect(commonPasswords().has('correct horse battery staple')).toBe(false);
    expect(commonPasswords().has('')).toBe(false);
  });
});

describe(accountPasswordProblem.name, () => {
  it.each([
    // A season and a year: the first thing guessers try, and it passed the old 30-word list.
    ['Summer2025!!', /^newPassword is a common password$/],
    ['Monkey12345678', /^newPassword is a common password$/],
    ['i-am-Alice.Smith-99', /^newPassword must not contain the username$/],
    ['my mailbox dana.k 2025', /^newPassword must not contain the e-mail address's name \(before the @\)$/],
  ])('refuses %j', (password, problem) => {
    expect(accountPasswordProblem(password, 'newPassword', { username: 'alice.smith', email: 'Dana.K@example.com' })).toMatch(
      problem,
    );
  });

  it('accepts a passphrase that names neither', () => {
    expect(
      accountPasswordProblem('correct horse battery staple', 'newPassword', { username: 'al', email: 'x@example.com' }),
    ).toBeNull();
  });
});
