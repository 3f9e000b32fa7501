// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { captureVisitSource, readVisitSource, storedVisitSource } from '../visit-source';

const at = (url: string) => {
  const { pathname, search } = new URL(url);
  return { pathname, search } as Location;
};

describe('readVisitSource', () => {
  it('takes the utm_* parameters, the referrer and the landing path', () => {
    expect(
      readVisitSource(
        at(
          'https://site.example/pricing?utm_source=newsletter&utm_medium=email&utm_campaign=spring%20launch&utm_term=ai&utm_content=top&x=1',
        ),
        'https://www.google.com/',
      ),
    ).toEqual({
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring launch',
      utmTerm: 'ai',
      utmContent: 'top',
      referrer: 'https://www.google.com/',
      landingPath: '/pricing',
    });
  });

  it('leaves out what is absent, empty, or would be refused by the API', () => {
    expect(
      readVisitSource(
        at(`https://site.example/?utm_source=&utm_medium=${'m'.repeat(201)}&utm_campaign=a%00b&utm_term=%E2%80%AEevil`),
        'javascript:alert(1)',
      ),
    ).toEqual({ landingPath: '/' });
    expect(readVisitSource(at('https://site.example/'), '')).toEqual({ landingPath: '/' });
    expect(readVisitSource(at('https://site.example/'), 'android-app://com.google.android.gm/')).toEqual({ landingPath: '/' });
  });

  it('keeps printable text beyond ASCII, and refuses a format character within it', () => {
    expect(readVisitSource(at('https://site.example/?utm_campaign=caf%C3%A9&utm_term=caf%C3%A9%E2%80%8B'), '')).toEqual({
      utmCampaign: 'café',
      landingPath: '/',
    });
  });

  it('keeps a value of exactly 200 characters', () => {
    expect(readVisitSource(at(`https://site.example/?utm_source=${'s'.repeat(200)}`), '').utmSource).toHaveLength(200);
  });
});

describe('captureVisitSource', () => {
  beforeEach(() => sessionStorage.clear());

  it("keeps the first page view's source for the rest of the visit", () => {
    captureVisitSource(sessionStorage, at('https://site.example/?utm_source=ads&utm_campaign=one'));
    captureVisitSource(sessionStorage, at('https://site.example/admin?utm_source=other'));

    expect(storedVisitSource()).toEqual({ utmSource: 'ads', utmCampaign: 'one', landingPath: '/' });
  });

  it('takes the first page view the prerendered page kept, from before this code ran', () => {
    sessionStorage.setItem(
      'visit-entry',
      JSON.stringify({ pathname: '/', search: '?utm_source=newsletter&utm_content=hero', referrer: 'https://mail.example/' }),
    );
    captureVisitSource(sessionStorage, at('https://site.example/privacy'));

    expect(storedVisitSource()).toEqual({
      utmSource: 'newsletter',
      utmContent: 'hero',
      referrer: 'https://mail.example/',
      landingPath: '/',
    });
  });

  it('reads this page view when the kept one is not ours', () => {
    sessionStorage.setItem('visit-entry', JSON.stringify({ pathname: 3 }));
    captureVisitSource(sessionStorage, at('https://site.example/?utm_source=ads'));

    expect(storedVisitSource()).toEqual({ utmSource: 'ads', landingPath: '/' });
  });

  it('answers nothing when nothing was captured or the stored value is not ours', () => {
    expect(storedVisitSource()).toEqual({});
    sessionStorage.setItem('visit-source', 'not json');
    expect(storedVisitSource()).toEqual({});
    sessionStorage.setItem('visit-source', JSON.stringify({ utmSource: 'ads', admin: true, utmTerm: 3 }));
    expect(storedVisitSource()).toEqual({ utmSource: 'ads' });
  });

  it('does not throw when storage is unavailable', () => {
    const broken = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;

    expect(() => captureVisitSource(broken, at('https://site.example/'))).not.toThrow();
    expect(storedVisitSource(broken)).toEqual({});
  });
});
