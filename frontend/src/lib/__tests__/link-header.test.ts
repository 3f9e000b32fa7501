import { describe, expect, it } from 'vitest';
import { parseNextLink } from '../link-header';

const base = 'http://127.0.0.1:8080';

describe('parseNextLink', () => {
  it('finds the rel="next" target', () => {
    expect(parseNextLink('</api/admin/contacts?limit=50&cursor=abc>; rel="next"', base)).toBe(
      '/api/admin/contacts?limit=50&cursor=abc',
    );
  });

  it('picks next among several links and unquoted rels', () => {
    const header = '</api/a?cursor=0>; rel=prev, </api/a?cursor=2>; title="x"; rel=next';
    expect(parseNextLink(header, base)).toBe('/api/a?cursor=2');
  });

  it('accepts an absolute URL of the same origin', () => {
    expect(parseNextLink(`<${base}/api/a?cursor=2>; rel="next"`, base)).toBe('/api/a?cursor=2');
  });

  it('ignores a missing header, no next link and other origins', () => {
    expect(parseNextLink(null, base)).toBeNull();
    expect(parseNextLink('</api/a>; rel="prev"', base)).toBeNull();
    expect(parseNextLink('<https://evil.example/api/a>; rel="next"', base)).toBeNull();
  });
});
