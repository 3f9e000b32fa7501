import { describe, expect, it } from 'vitest';
import { loginSchema } from '../login';

const typed = { username: ' admin ', password: 'secret', code: '', recoveryCode: '' };

/** The first message the schema gives for `values`, or null when they pass. */
async function firstError(step: Parameters<typeof loginSchema>[0], values: typeof typed): Promise<string | null> {
  try {
    await loginSchema(step).validate(values);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('loginSchema', () => {
  it('asks for the username and password, and no code before the API asks for one', async () => {
    expect(await firstError(null, typed)).toBeNull();
    expect(await firstError(null, { ...typed, username: '  ' })).toBe('Please enter your username');
    expect(await firstError(null, { ...typed, password: '' })).toBe('Please enter your password');
  });

  it('asks for the code its step needs, and only that one', async () => {
    expect(await firstError('code', typed)).toBe('Please enter the code your authenticator app shows');
    expect(await firstError('code', { ...typed, code: '123456' })).toBeNull();
    expect(await firstError('recoveryCode', { ...typed, code: '123456' })).toBe('Please enter one of your recovery codes');
    expect(await firstError('recoveryCode', { ...typed, recoveryCode: 'abcd-efgh' })).toBeNull();
  });
});
