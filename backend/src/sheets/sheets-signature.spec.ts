import { describe, expect, it } from '@jest/globals';
import { sign, signedUrl } from './sheets-signature.js';

describe(sign.name, () => {
  it('is the hex HMAC-SHA256 of "<delivery>.<timestamp>.<body>" (vector from `openssl dgst -sha256 -hmac`)', () => {
    expect(sign('top-secret', 'd-1', 1795326609, '{"a":1}')).toBe(
      '506cfd8accc779bf59698e01aa311bfc19f4985f7b3384819d67c80468af93ef',
    );
  });

  it('changes with every part it covers', () => {
    const base = sign('top-secret', 'd-1', 1795326609, '{"a":1}');

    expect(sign('other-secret', 'd-1', 1795326609, '{"a":1}')).not.toBe(base);
    expect(sign('top-secret', 'd-2', 1795326609, '{"a":1}')).not.toBe(base);
    expect(sign('top-secret', 'd-1', 1795326610, '{"a":1}')).not.toBe(base);
    expect(sign('top-secret', 'd-1', 1795326609, '{"a":2}')).not.toBe(base);
  });
});

describe(signedUrl.name, () => {
  it('adds delivery, timestamp and signature to the query, keeping what the URL had', () => {
    const url = new URL(
      signedUrl('https://script.example/macros/s/abc/exec?sheet=Leads', 'top-secret', 'd-1', 1795326609, '{"a":1}'),
    );

    expect(url.origin + url.pathname).toBe('https://script.example/macros/s/abc/exec');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sheet: 'Leads',
      delivery: 'd-1',
      timestamp: '1795326609',
      signature: sign('top-secret', 'd-1', 1795326609, '{"a":1}'),
    });
  });
});
