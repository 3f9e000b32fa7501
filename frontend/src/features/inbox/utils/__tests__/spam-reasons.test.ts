import { describe, expect, it } from 'vitest';
import { SPAM_REASON_TEXTS, spamReasonText, spamScoreText } from '../spam-reasons';

describe('spamReasonText', () => {
  it('says each signal of the API in words', () => {
    expect(spamReasonText('disposable-email')).toBe('Throwaway e-mail address');
    expect(spamReasonText('links')).toBe('Two or more links in the comments');
    expect(spamReasonText('link-in-name')).toBe('A web address in the name or company');
  });

  it('has a sentence for every signal the API names', () => {
    const signals = [
      'link-in-name',
      'links',
      'disposable-email',
      'spam-words',
      'gibberish',
      'duplicate-text',
      'captcha-failed',
      'too-fast',
      'network-volume',
    ];
    for (const code of signals) expect(SPAM_REASON_TEXTS[code as keyof typeof SPAM_REASON_TEXTS], code).toMatch(/^[A-Z]/);
  });

  it('shows a code it does not know as it is', () => {
    expect(spamReasonText('brand-new-signal')).toBe('brand-new-signal');
  });
});

describe('spamScoreText', () => {
  it('reads the score out of 100', () => {
    expect(spamScoreText(85)).toBe('Spam score 85 of 100');
    expect(spamScoreText(0)).toBe('Spam score 0 of 100');
  });
});
