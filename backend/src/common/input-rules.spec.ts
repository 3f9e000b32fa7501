import { describe, expect, it } from '@jest/globals';
import { hasUntypableText, inputProblems, jsonDepth } from './input-rules.js';

describe('input rules', () => {
  it.each([
    ['plain text', 'Ada Lovelace', 'name', false],
    ['accents and emoji', 'Zoë 👩‍💻 Ünal', 'name', false],
    ['a zero-width non-joiner (Persian)', 'می\u200cخواهم', 'comments', false],
    ['a newline in comments', 'line one\nline two\r\n\tindented', 'comments', false],
    ['a newline in a name', 'Ada\nLovelace', 'name', true],
    ['a tab in a name', 'Ada\tLovelace', 'name', true],
    ['NUL', 'Ada\u0000', 'name', true],
    ['NUL in comments', 'Ada\u0000', 'comments', true],
    ['DEL', 'Ada\u007f', 'company', true],
    ['a C1 control', 'Ada\u0085', 'company', true],
    ['a lone high surrogate', 'ada\ud800@example.com', 'email', true],
    ['a lone low surrogate', '\udc00', 'comments', true],
    ['a bidi override', 'invoice\u202egpj.exe', 'company', true],
    ['a bidi isolate', '\u2067abc', 'name', true],
    ['a zero-width space', 'Ada\u200bLovelace', 'name', true],
    ['a BOM inside text', '\ufeffAda', 'name', true],
  ])('%s: refused is %s', (_what, text, field, refused) => {
    expect(hasUntypableText(text, field)).toBe(refused);
  });

  it('measures JSON depth without parsing, ignoring brackets inside strings', () => {
    expect(jsonDepth('{"a":1}')).toBe(1);
    expect(jsonDepth('{"a":[{"b":[]}]}')).toBe(4);
    expect(jsonDepth('{"a":"[[[[[[[[[[\\"[[[["}')).toBe(1);
    expect(jsonDepth('['.repeat(5000) + ']'.repeat(5000))).toBe(5000);
  });

  it('names each field with a problem, and refuses prototype keys', () => {
    const body = JSON.parse('{"name":"A\\u0000","tags":["ok","\\u202e"],"__proto__":{"admin":true},"nested":{"constructor":1}}');
    expect(inputProblems(body)).toEqual([
      'name contains characters that are not allowed',
      'tags contains characters that are not allowed',
      'property __proto__ should not exist',
      'property constructor should not exist',
    ]);
  });
});
