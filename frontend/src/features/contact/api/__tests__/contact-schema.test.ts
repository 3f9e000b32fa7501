import { describe, expect, it } from 'vitest';
import { emptyContactForm } from '../contact-form-values';
import { validateContact } from '../contact-schema';

const CONTACT_MESSAGES = {
  name: 'Name must be at least 2 characters',
  email: 'Please enter a valid email address',
  linkedin: 'Please enter a valid LinkedIn URL',
  interest: 'Please select your primary interest',
};

const valid = {
  ...emptyContactForm,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  interest: 'empower-team',
};

describe('contact schema', () => {
  it('accepts a valid submission with the optional fields empty', async () => {
    await expect(validateContact(valid)).resolves.toEqual({});
  });

  it("gives the API's messages for the required fields", async () => {
    await expect(validateContact(emptyContactForm)).resolves.toEqual({
      name: CONTACT_MESSAGES.name,
      email: CONTACT_MESSAGES.email,
      interest: CONTACT_MESSAGES.interest,
    });
  });

  it('needs a name of at least 2 characters (spaces do not count)', async () => {
    expect((await validateContact({ ...valid, name: 'A' })).name).toBe(CONTACT_MESSAGES.name);
    expect((await validateContact({ ...valid, name: ' A ' })).name).toBe(CONTACT_MESSAGES.name);
    expect((await validateContact({ ...valid, name: 'Al' })).name).toBeUndefined();
  });

  it('needs a valid e-mail address', async () => {
    expect((await validateContact({ ...valid, email: 'not-an-email' })).email).toBe(CONTACT_MESSAGES.email);
  });

  // The API refuses a domain without a top-level domain; the form must not let it through.
  it('refuses an address whose domain has no top-level domain, as the API does', async () => {
    expect((await validateContact({ ...valid, email: 'first.last@gmail' })).email).toBe(CONTACT_MESSAGES.email);
    expect((await validateContact({ ...valid, email: 'first.last@gmail.com' })).email).toBeUndefined();
    expect((await validateContact({ ...valid, email: '"ann"@x.io' })).email).toBeUndefined();
  });

  it('allows an empty LinkedIn but refuses an invalid or non-http URL', async () => {
    expect((await validateContact({ ...valid, linkedin: '' })).linkedin).toBeUndefined();
    expect((await validateContact({ ...valid, linkedin: 'https://www.linkedin.com/in/ada' })).linkedin).toBeUndefined();
    for (const linkedin of ['linkedin', 'javascript:alert(1)', 'ftp://example.com/x', 'http://localhost']) {
      expect((await validateContact({ ...valid, linkedin })).linkedin).toBe(CONTACT_MESSAGES.linkedin);
    }
  });

  it('accepts every interest value and nothing else', async () => {
    for (const interest of ['empower-team', 'community', 'partnership']) {
      expect((await validateContact({ ...valid, interest })).interest).toBeUndefined();
    }
    expect((await validateContact({ ...valid, interest: 'other' })).interest).toBe(CONTACT_MESSAGES.interest);
  });
});
