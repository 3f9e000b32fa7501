import { describe, expect, it } from 'vitest';
import { emptyContactForm } from '../contact-form-values';
import { toContactPayload } from '../create-contact';

const values = { ...emptyContactForm, name: 'Ada', email: 'ada@example.com', interest: 'community' };

describe('toContactPayload', () => {
  it("sends the form's fields and no honeypot when it is empty", () => {
    expect(toContactPayload(values)).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      linkedin: '',
      company: '',
      interest: 'community',
      comments: '',
    });
  });

  it('sends the honeypot only when something filled it', () => {
    expect(toContactPayload({ ...values, website: 'http://spam.example' })).toMatchObject({
      website: 'http://spam.example',
    });
  });
});
