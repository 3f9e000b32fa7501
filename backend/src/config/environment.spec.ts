import { describe, expect, it } from '@jest/globals';
import { validateEnvironment } from './environment.js';

const DATABASE_URL = 'postgres://app:secret@db:5432/app';
const STRONG_SECRET = 'q3T0yX9m1pZr8w+KcV2bN7eH4uJ6aLsD0fGiOk5RtYE=';

describe(validateEnvironment.name, () => {
  it('applies the defaults of docs/configuration.md', () => {
    const sut = validateEnvironment({ DATABASE_URL });

    expect(sut).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      METRICS_PORT: 9464,
      CONTACT_RATE_LIMIT: 10,
      TRUST_PROXY: 1,
      AUTO_REPLY_MAX_PER_HOUR: 60,
      AUTO_REPLY_MAX_PER_NETWORK: 5,
    });
    expect(sut.SHEETS_WEBHOOK_URL).toBeUndefined();
    expect(sut.MIGRATE_ON_START).toBe(true);
    expect(sut.RETENTION_DAYS).toBeUndefined();
  });

  it('reads RETENTION_DAYS as days, and empty as unset (keep everything)', () => {
    expect(validateEnvironment({ DATABASE_URL, RETENTION_DAYS: '365' }).RETENTION_DAYS).toBe(365);
    expect(validateEnvironment({ DATABASE_URL, RETENTION_DAYS: '' }).RETENTION_DAYS).toBeUndefined();
  });

  it('reads MIGRATE_ON_START as a boolean', () => {
    expect(validateEnvironment({ DATABASE_URL, MIGRATE_ON_START: 'false' }).MIGRATE_ON_START).toBe(false);
    expect(validateEnvironment({ DATABASE_URL, MIGRATE_ON_START: 'true' }).MIGRATE_ON_START).toBe(true);
  });

  it('reads METRICS_PORT, 0 turning the metrics off', () => {
    expect(validateEnvironment({ DATABASE_URL, METRICS_PORT: '9100' }).METRICS_PORT).toBe(9100);
    expect(validateEnvironment({ DATABASE_URL, METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
  });

  it('reads IMAP_URL, and names it without its password when it is wrong', () => {
    expect(validateEnvironment({ DATABASE_URL, IMAP_URL: 'imaps://u:p@mail.example.com/INBOX' }).IMAP_URL).toBe(
      'imaps://u:p@mail.example.com/INBOX',
    );
    expect(() => validateEnvironment({ DATABASE_URL, IMAP_URL: 'imaps://u:hunter22@mail.example.com/?x=1' })).toThrow(
      /^(?!.*hunter22).*IMAP_URL must be/,
    );
  });

  it('reads numbers from strings', () => {
    expect(validateEnvironment({ DATABASE_URL, PORT: '8081', CONTACT_RATE_LIMIT: '3', TRUST_PROXY: '2' })).toMatchObject({
      PORT: 8081,
      CONTACT_RATE_LIMIT: 3,
      TRUST_PROXY: 2,
    });
  });

  it.each([
    [{}, /DATABASE_URL must be a postgres:\/\/ URL/],
    [{ DATABASE_URL: 'mysql://db/app' }, /DATABASE_URL/],
    [{ DATABASE_URL, PORT: 'eighty' }, /PORT/],
    [{ DATABASE_URL, PORT: '70000' }, /PORT/],
    [{ DATABASE_URL, METRICS_PORT: 'prometheus' }, /METRICS_PORT must be a port number/],
    [{ DATABASE_URL, METRICS_PORT: '70000' }, /METRICS_PORT must be a port number/],
    [{ DATABASE_URL, METRICS_PORT: '-1' }, /METRICS_PORT must be a port number/],
    [{ DATABASE_URL, CONTACT_RATE_LIMIT: '0' }, /CONTACT_RATE_LIMIT/],
    [{ DATABASE_URL, AUTO_REPLY_MAX_PER_HOUR: '0' }, /AUTO_REPLY_MAX_PER_HOUR must be at least 1/],
    [{ DATABASE_URL, AUTO_REPLY_MAX_PER_HOUR: 'many' }, /AUTO_REPLY_MAX_PER_HOUR must be a whole number/],
    [{ DATABASE_URL, AUTO_REPLY_MAX_PER_NETWORK: '0' }, /AUTO_REPLY_MAX_PER_NETWORK must be at least 1/],
    [{ DATABASE_URL, AUTO_REPLY_MAX_PER_NETWORK: '2.5' }, /AUTO_REPLY_MAX_PER_NETWORK must be a whole number/],
    [{ DATABASE_URL, NODE_ENV: 'staging' }, /NODE_ENV/],
    [
      { DATABASE_URL, IMAP_URL: 'https://u:p@mail.example.com/INBOX' },
      /IMAP_URL must be imaps:\/\/user:pass@host.*not imap: or imaps:/,
    ],
    [{ DATABASE_URL, IMAP_URL: 'imaps://mail.example.com' }, /IMAP_URL .*no user or password/],
    [{ DATABASE_URL, IMAP_POLL_INTERVAL_MS: '10' }, /IMAP_POLL_INTERVAL_MS must be a whole number of milliseconds from 100/],
    [{ DATABASE_URL, RETENTION_DAYS: '0' }, /RETENTION_DAYS must be at least 1/],
    [{ DATABASE_URL, RETENTION_DAYS: 'a year' }, /RETENTION_DAYS must be a whole number of days/],
    [{ DATABASE_URL, RETENTION_DAYS: '1.5' }, /RETENTION_DAYS must be a whole number of days/],
    [{ DATABASE_URL, MIGRATE_ON_START: 'no' }, /MIGRATE_ON_START must be true or false/],
    [{ DATABASE_URL, SHEETS_WEBHOOK_URL: 'not a url' }, /SHEETS_WEBHOOK_URL/],
    [{ DATABASE_URL, SMTP_URL: 'http://mail.example.com' }, /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ DATABASE_URL, SMTP_URL: 'smtp://mail.example.com:587' }, /MAIL_FROM .* is required with SMTP_URL/],
    [{ DATABASE_URL, SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'Leads <nobody>' }, /MAIL_FROM must be an e-mail address/],
    [{ DATABASE_URL, PUBLIC_URL: 'example.com' }, /PUBLIC_URL must be the http\(s\) origin/],
    [
      {
        DATABASE_URL,
        NODE_ENV: 'production',
        SESSION_SECRET: STRONG_SECRET,
        SMTP_URL: 'smtps://u:p@mail.example.com',
        MAIL_FROM: 'leads@example.com',
      },
      /PUBLIC_URL .* is required with SMTP_URL/,
    ],
    // Links in e-mails come from PUBLIC_URL alone, in every environment (never a request's Host).
    [
      { DATABASE_URL, SMTP_URL: 'smtp://mail.example.com:587', MAIL_FROM: 'leads@example.com' },
      /PUBLIC_URL must be the http\(s\) origin of the site, and is required with SMTP_URL/,
    ],
    [{ DATABASE_URL, ADMIN_RESET: 'yes' }, /ADMIN_RESET must be true or false/],
    [{ DATABASE_URL, NODE_ENV: 'production' }, /SESSION_SECRET is required in production/],
    [{ DATABASE_URL, NODE_ENV: 'production', SESSION_SECRET: 'short' }, /SESSION_SECRET must be at least 32 characters/],
    [{ DATABASE_URL, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }, /SESSION_SECRET is too predictable/],
    [
      { DATABASE_URL, NODE_ENV: 'production', SESSION_SECRET: STRONG_SECRET, ADMIN_PASSWORD: 'change-me-admin-password' },
      /ADMIN_PASSWORD is a placeholder/,
    ],
  ])('refuses %j, naming the variable', (raw, message) => {
    expect(() => validateEnvironment(raw)).toThrow(message);
  });

  it('takes an SMTP_URL with its MAIL_FROM and PUBLIC_URL', () => {
    const sut = validateEnvironment({
      DATABASE_URL,
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      MAIL_FROM: 'Leads <leads@example.com>',
      PUBLIC_URL: 'http://127.0.0.1:5173',
    });
    expect(sut).toMatchObject({ SMTP_URL: 'smtp://user:pass@mail.example.com:587', MAIL_FROM: 'Leads <leads@example.com>' });
    expect(validateEnvironment({ DATABASE_URL, SMTP_URL: '', MAIL_FROM: '' }).SMTP_URL).toBeUndefined();
  });

  it('takes the development values outside production', () => {
    expect(() => validateEnvironment({ DATABASE_URL, ADMIN_PASSWORD: 'change-me-admin-password' })).not.toThrow();
  });
});
