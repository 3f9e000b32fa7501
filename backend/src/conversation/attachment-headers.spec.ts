import { describe, expect, it } from '@jest/globals';
import { attachmentDisposition, servedContentType } from './attachment-headers.js';

describe('attachment headers', () => {
  it('answers active content as octet-stream and keeps the rest', () => {
    for (const active of [
      'text/html',
      'image/svg+xml',
      'application/xml',
      'text/xml; charset=utf-8',
      'application/javascript',
      'application/atom+xml',
      'TEXT/HTML',
      'no type',
    ]) {
      expect(servedContentType(active)).toBe('application/octet-stream');
    }
    expect(servedContentType('application/pdf')).toBe('application/pdf');
    expect(servedContentType('image/png')).toBe('image/png');
    expect(servedContentType('text/plain; charset=utf-8')).toBe('text/plain');
  });

  it('encodes any filename so that it cannot break the header', () => {
    expect(attachmentDisposition('CV Ada.pdf')).toBe(`attachment; filename="CV Ada.pdf"; filename*=UTF-8''CV%20Ada.pdf`);
    const hostile = attachmentDisposition('a"; filename=evil.html\r\nX-Bad: 1 é.pdf');
    expect(hostile).not.toMatch(/[\r\n]/);
    expect(hostile).toBe(
      `attachment; filename="a_; filename=evil.html__X-Bad: 1 _.pdf"; filename*=UTF-8''a%22%3B%20filename%3Devil.html%0D%0AX-Bad%3A%201%20%C3%A9.pdf`,
    );
  });
});
