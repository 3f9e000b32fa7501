import { createHash } from 'node:crypto';
import { BadRequestException, UnprocessableEntityException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CreateContactDto } from './dto/create-contact.dto.js';

/** The contract's Idempotency-Key: 8–128 characters of A–Z, a–z, 0–9, `_` and `-`. */
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
  return createHash('sha256').update(JSON.stringify(dto)).digest('base64url');
}

/**
 * The submission a key already stands for (within 24 hours), or `undefined`. The same key
 * with another body is refused: it is a client bug, and answering the first id would hide it.
 */
export async function findKeyedSubmission(manager: EntityManager, key: string, hash: string): Promise<string | undefined> {
  const rows = await manager.query<Array<{ submission_id: string; request_hash: string }>>(
    `SELECT submission_id, request_hash FROM contact_idempotency_keys WHERE key = $1 AND created_at > now() - ${KEY_LIFETIME}`,
    [key],
  );
  if (rows.length === 0) return undefined;
  if (rows[0].request_hash !== hash) {
    throw new UnprocessableEntityException('Idempotency-Key was already used for a different submission');
  }
  return rows[0].submission_id;
}
