// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_VERSION } from '../../consent-version';
import { captureVisitSource } from '../../visit-source';
import { emptyContactForm } from '../contact-form-values';
import { createContact, toContactPayload } from '../create-contact';
import { TOKEN_MAX_AGE_MS, usableToken } from '../form-token';

const values = { ...emptyContactForm, name: 'Ada', email: 'ada@example.com', interest: 'community' };

describe('toContactPayload', () => {
  beforeEach(() => sessionStorage.clear());

  it("sends the form's fields, the consent notice's version and no honeypot when it is empty", () => {
    expect(toContactPayload(values)).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      linkedin: '',
      company: '',
      interest: 'community',
      comments: '',
      consentVersion: CONSENT_VERSION,
    });
  });

  it('sends where the visit came from, as captured on its first page view', () => {
    captureVisitSource(sessionStorage, {
      pathname: '/',
      search: '?utm_source=newsletter&utm_campaign=spring',
    } as Location);

    expect(toContactPayload(values)).toMatchObject({ utmSource: 'newsletter', utmCampaign: 'spring', landingPath: '/' });
  });

  it('sends the honeypot only when something filled it', () => {
    expect(toContactPayload({ ...values, website: 'http://spam.example' })).toMatchObject({
      website: 'http://spam.example',
    });
  });
});

describe('createContact', () => {
  afterEach(() => vi.unstubAllGlobals());

  const created = () => new Response(JSON.stringify({ message: 'Thanks', id: 'x' }), { status: 201 });
  const keysOf = (fetchMock: ReturnType<typeof vi.fn>) =>
    fetchMock.mock.calls.map(
      ([, init]) => (init as RequestInit & { headers: Record<string, string> }).headers['Idempotency-Key'],
    );

  it('retries once with the same Idempotency-Key after a network error', async () => {
    const fetchMock = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(created());
    vi.stubGlobal('fetch', fetchMock);

    await expect(createContact({ ...values, name: 'Retry One' })).resolves.toMatchObject({ id: 'x' });
    const keys = keysOf(fetchMock);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\w-]{8,128}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('retries once after a 503, then shows the error', async () => {
    const unavailable = () => new Response('{"message":"busy"}', { status: 503 });
    const fetchMock = vi.fn().mockResolvedValueOnce(unavailable()).mockResolvedValueOnce(unavailable());
    vi.stubGlobal('fetch', fetchMock);

    await expect(createContact({ ...values, name: 'Retry Two' })).rejects.toThrow(/^503: /);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not retry a 400, and makes a new key for other values', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('{"message":"bad"}', { status: 400 }))
      .mockResolvedValueOnce(created())
      .mockResolvedValueOnce(created());
    vi.stubGlobal('fetch', fetchMock);

    await expect(createContact({ ...values, name: 'Form A' })).rejects.toThrow(/^400: /);
    await createContact({ ...values, name: 'Form A' });
    await createContact({ ...values, name: 'Form B' });
    const keys = keysOf(fetchMock);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});

describe('usableToken', () => {
  const obtainedAt = Date.parse('2026-11-26T09:00:00Z');

  it('sends the token while it counts, none when it never came or is past 23 hours', () => {
    const held = { token: 'mfx1.signed', obtainedAt };
    expect(usableToken(held, obtainedAt + 60_000)).toBe('mfx1.signed');
    expect(usableToken(held, obtainedAt + TOKEN_MAX_AGE_MS)).toBe('mfx1.signed');
    expect(usableToken(held, obtainedAt + TOKEN_MAX_AGE_MS + 1)).toBeUndefined();
    expect(usableToken(undefined, obtainedAt)).toBeUndefined();
  });
});

describe('createContact with the spam checks', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends formToken and captchaToken when the page has them, and the same key for the same form', async () => {
    const fetchMock = vi
      .fn()
      .mockImplementation(() => Promise.resolve(new Response('{"message":"Thanks","id":"x"}', { status: 201 })));
    vi.stubGlobal('fetch', fetchMock);

    await createContact({ ...values, name: 'Checks' }, { formToken: 'mfx1.a', captchaToken: 'answer-1' });
    await createContact({ ...values, name: 'Checks' }, { formToken: 'mfx1.a', captchaToken: 'answer-2' });
    const [first, second] = fetchMock.mock.calls.map(([, init]) => init as RequestInit & { headers: Record<string, string> });
    expect(JSON.parse(first?.body as string)).toMatchObject({ formToken: 'mfx1.a', captchaToken: 'answer-1' });
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
  });
});
