import { hash } from 'node:crypto';
import { BadRequestException } from '@nestjs/common';
import type { CreateContactDto } from './dto/create-contact.dto.js';

/** An Idempotency-Key (docs/api.md): 8–128 characters of A–Z, a–z, 0–9, `_` and `-`. */
const KEY = /^[A-Za-z0-9_-]{8,128}$/;
/** A key answers the same again for this long; after that it may start a new submission. */
export const KEY_LIFETIME = "interval '24 hours'";

/** The header's value, checked; `undefined` when the client sent none. */
export function idempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY.test(header)) {
    throw new BadRequestException(['Idempotency-Key must be 8 to 128 characters of A-Z, a-z, 0-9, _ and -']);
  }
  return header;
}

/** What the key was first used for: a retry must send the same form. */
export function requestHash(dto: CreateContactDto): string {
  // One-shot: no Hash object per submission.
  return hash('sha256', JSON.stringify(dto), 'base64url');
}
