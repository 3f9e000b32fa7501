import { pipeline } from 'node:stream/promises';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { stringify } from 'csv-stringify';
import type { Response } from 'express';
import pg from 'pg';
import QueryStream from 'pg-query-stream';
import { Repository } from 'typeorm';
import { type Actor, AuditService } from '../audit/audit.service.js';
import type { Environment } from '../config/environment.js';
import { ContactSubmission } from '../leads/contact-submission.entity.js';
import { TooManyRequestsException } from '../rate-limit/too-many-requests.exception.js';
import { applyContactFilters, contactFilters } from './contact-filters.js';
import type { ExportQueryDto } from './dto/export-query.dto.js';

// An instant as text: ISO 8601 in UTC, or the wall-clock time in the `tz` the export asks for
// (`:tz`, bound by the query), as spreadsheets read dates.
const instant = (column: string, tz: string | undefined) =>
  tz === undefined
    ? `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `to_char(${column} AT TIME ZONE :tz, 'YYYY-MM-DD HH24:MI:SS')`;

/**
 * The export's columns, in order, each with the SQL that reads it as text: the lead as it
 * arrived, then what the team did with it (the working fields, appended so that the first
 * columns keep their places for those who read them by position).
 */
function columns(tz: string | undefined): Array<[name: string, sql: string]> {
  return [
    ['id', 's.id'],
    ['submitted_at', instant('s.submitted_at', tz)],
    ['name', 's.name'],
    ['email', 's.email'],
    ['linkedin', 's.linkedin'],
    ['company', 's.company'],
    ['interest', 's.interest'],
    ['status', 's.status'],
    ['comments', 's.comments'],
    ['utm_source', 's.utm_source'],
    ['utm_medium', 's.utm_medium'],
    ['utm_campaign', 's.utm_campaign'],
    ['referrer', 's.referrer'],
    ['assignee', 'a.username'],
    ['assignee_name', 'a.display_name'],
    ['follow_up_at', instant('s.follow_up_at', tz)],
    ['first_responded_at', instant('s.first_responded_at', tz)],
    ['response_minutes', 's.response_minutes'],
    // Two index reads a row (ix_contact_notes_submission_id_created_at).
    ['notes', '(SELECT count(*) FROM contact_notes n WHERE n.submission_id = s.id)'],
    ['last_note', '(SELECT n.body FROM contact_notes n WHERE n.submission_id = s.id ORDER BY n.created_at DESC LIMIT 1)'],
  ];
}

// Rows fetched from the cursor at a time: memory holds about this many, whatever the total.
const BATCH_ROWS = 1000;

// Exports one user may run at once, across every replica: each holds a connection of its own.
export const EXPORTS_PER_USER = 2;
// The first key of the export slots' advisory locks (the second is the user's slot).
const EXPORT_SLOT_LOCK_SPACE = 7262010;

/** `leads-YYYY-MM-DD.csv`, the day of the export in UTC. */
export function exportFileName(now: Date): string {
  return `leads-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * The CSV export: every row that matches the filters, newest first, read through a
 * server-side cursor and written as it comes, so memory holds one batch whatever the row
 * count, and a slow client slows the reads (backpressure through the pipeline).
 */
@Injectable()
export class ContactsExportService {
  constructor(
    @InjectRepository(ContactSubmission) private readonly submissions: Repository<ContactSubmission>,
    private readonly audit: AuditService,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  async exportCsv(query: ExportQueryDto, res: Response, actor: Actor): Promise<void> {
    const filters = contactFilters(query, actor.id);
    const chosen = columns(query.tz);
    const [sql, parameters] = applyContactFilters(this.submissions.createQueryBuilder('s').leftJoin('s.assignee', 'a'), filters)
      .select(chosen.map(([name, expression]) => `${expression} AS "${name}"`))
      .setParameter('tz', query.tz)
      .orderBy('s.submitted_at', 'DESC')
      .addOrderBy('s.id', 'DESC')
      .getQueryAndParameters();
    // A connection of its own: the request pool's statement and read time limits would cut
    // a long export short, and the cursor must not hold a pooled connection for minutes.
    const client = new pg.Client({
      connectionString: this.config.get('DATABASE_URL', { infer: true }),
      connectionTimeoutMillis: this.config.get('DATABASE_ACQUIRE_TIMEOUT_MS', { infer: true }),
      keepAlive: true,
    });
    await client.connect();
    try {
      await takeExportSlot(client, actor.id);
      const rows = client.query(new QueryStream(sql, parameters, { batchSize: BATCH_ROWS, rowMode: 'array' }));
      const csv = stringify({
        bom: true,
        header: true,
        columns: chosen.map(([name]) => name),
        // RFC 4180: CRLF between records, and a field holding any line break is quoted.
        record_delimiter: 'windows',
        quote_record_delimiter: true,
        // A cell that starts with = + - @, a tab or a CR gets a leading apostrophe, so that
        // no spreadsheet runs it as a formula.
        escape_formulas: true,
      });
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${exportFileName(new Date())}"`);
      res.setHeader('Cache-Control', 'no-store');
      let exported = 0;
      rows.on('data', () => (exported += 1));
      await pipeline(rows, csv, res);
      // The filters' names only: a search may be a person's name.
      const used = Object.entries({ ...filters, tz: query.tz }).flatMap(([name, value]) => (value === undefined ? [] : [name]));
      await this.audit.record({ actor, action: 'export', detail: { filters: used, rows: exported } });
    } finally {
      await client.end();
    }
  }
}

/**
 * Takes one of the user's EXPORTS_PER_USER slots for the life of the export's connection
 * (a session advisory lock, so every replica sees it and a dropped connection frees it),
 * or answers 429 when all are in use.
 */
async function takeExportSlot(client: pg.Client, userId: string): Promise<void> {
  for (let slot = 0; slot < EXPORTS_PER_USER; slot += 1) {
    const { rows } = await client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS taken', [
      EXPORT_SLOT_LOCK_SPACE,
      `${userId}/${slot}`,
    ]);
    if (rows[0].taken) return;
  }
  throw new TooManyRequestsException(
    `At most ${EXPORTS_PER_USER} exports run at once per user; try again when one has finished`,
    10,
  );
}
