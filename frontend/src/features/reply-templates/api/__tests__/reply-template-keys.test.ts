import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_VARIABLES } from '../reply-template-keys';

// The API's list (backend/src/conversation/reply-template.ts) is not in its OpenAPI document:
// read from its source, so that a variable the API gains or drops changes the form's hint too.
const API_SOURCE = new URL('../../../../../../backend/src/conversation/reply-template.ts', import.meta.url);

describe('TEMPLATE_VARIABLES', () => {
  it("are the API's, in its order", () => {
    const list = /export const TEMPLATE_VARIABLES = \[([\s\S]*?)\] as const/.exec(readFileSync(API_SOURCE, 'utf8'))?.[1] ?? '';
    const names = [...list.matchAll(/^\s*'([^']+)',/gm)].map(([, name]) => name);
    expect(names.length).toBeGreaterThan(0);
    expect(TEMPLATE_VARIABLES).toEqual(names);
  });
});
