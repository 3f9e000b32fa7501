/**
 * The rules on text that no one can type (docs/operations.md, "bad input"), checked on every JSON body and query
 * string before validation, so that such text never reaches a validator or the database
 * (PostgreSQL refuses NUL outright; validator.js throws on a lone surrogate).
 */

/** JSON deeper than this many levels of objects and arrays is refused. */
export const MAX_JSON_DEPTH = 8;

/** Fields whose text may span lines: there, tab, newline and carriage return are allowed. */
const MULTILINE_FIELDS = new Set(['comments', 'body', 'signature']); // body: the auto-reply's, a note's, a message's; an account's signature

/** Keys that could reach an object's prototype; refused wherever they appear. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

// C0 controls, DEL and C1 controls; bidirectional embeddings, overrides and isolates;
// zero-width space, word joiner and invisible operators, and the BOM inside text; lone
// surrogates (with the `u` flag a surrogate pair is one code point and does not match).
// The zero-width (non-)joiners stay allowed: scripts and emoji sequences need them.
/* eslint-disable no-control-regex -- matching control characters is the point */
const UNTYPABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b\u2060-\u2064\ufeff\ud800-\udfff]/u;
const UNTYPABLE_MULTILINE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b\u2060-\u2064\ufeff\ud800-\udfff]/u;
/* eslint-enable no-control-regex */

/** Whether `text` holds a character these rules refuse in the field `field`. */
export function hasUntypableText(text: string, field: string): boolean {
  return (MULTILINE_FIELDS.has(field) ? UNTYPABLE_MULTILINE : UNTYPABLE).test(text);
}

/**
 * The depth of the deepest array or object in raw JSON text, counted without parsing (so
 * that a hostile body cannot exhaust the stack of anything that walks the parsed value).
 */
export function jsonDepth(raw: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const char = raw.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      deepest = Math.max(deepest, ++depth);
    } else if (char === 0x7d || char === 0x5d) {
      depth--;
    }
  }
  return deepest;
}

/**
 * Every broken rule in a parsed body (at most `MAX_JSON_DEPTH` deep, so recursion is safe),
 * each message naming the field, as the validation messages do.
 */
export function inputProblems(value: unknown, field = ''): string[] {
  if (typeof value === 'string') {
    return hasUntypableText(value, field) ? [`${field || 'value'} contains characters that are not allowed`] : [];
  }
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const name = Array.isArray(value) ? field : key;
    if (FORBIDDEN_KEYS.has(key)) return [`property ${key} should not exist`];
    if (hasUntypableText(key, '')) return ['a property name contains characters that are not allowed'];
    return inputProblems(child, name);
  });
}
