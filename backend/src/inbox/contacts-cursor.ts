import { BadRequestException } from '@nestjs/common';
import { isUUID } from 'class-validator';

/** Where a page of the admin list ends: the last row's sort key (submitted_at DESC, id DESC). */
export interface ContactsCursor {
  submittedAt: Date;
  id: string;
}

// Years 0001–9999 only: JavaScript dates reach ±275,760 years, PostgreSQL's do not.
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Opaque to clients: base64url of "<ISO time>|<id>". */
export function encodeCursor({ submittedAt, id }: ContactsCursor): string {
  return Buffer.from(`${submittedAt.toISOString()}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): ContactsCursor {
  const [time, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const submittedAt = new Date(time);
  if (
    rest.length > 0 ||
    !ISO_TIME.test(time) ||
    // The id is compared with a uuid column: anything else would be a database error.
    !isUUID(id ?? '') ||
    Number.isNaN(submittedAt.getTime()) ||
    submittedAt.toISOString() !== time
  ) {
    throw new BadRequestException(['cursor is invalid']);
  }
  return { submittedAt, id };
}
