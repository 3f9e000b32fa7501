import { BadRequestException } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import { decodeCursor, encodeCursor } from './contacts-cursor.js';

describe('contacts cursor', () => {
  const position = { submittedAt: new Date('2026-03-04T05:06:07.089Z'), id: '2b4c5d9e-3f1a-4b7c-8d2e-1f0a9b8c7d6e' };

  it('round-trips a position exactly, to the millisecond', () => {
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  it('is URL-safe', () => {
    expect(encodeCursor(position)).toMatch(/^[\w-]+$/);
  });

  it.each([
    [''],
    ['garbage'],
    [Buffer.from('2026-03-04T05:06:07.089Z|x|y').toString('base64url')],
    // A real JavaScript date that PostgreSQL cannot hold.
    [encodeCursor({ ...position, submittedAt: new Date(-8.64e15) })],
    [encodeCursor({ ...position, submittedAt: new Date(8.64e15) })],
  ])('refuses %j', (cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(BadRequestException);
  });
});
