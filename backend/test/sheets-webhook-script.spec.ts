import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { signedUrl } from '../src/sheets/sheets-signature.js';

const SCRIPT = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/sheets-webhook.gs'), 'utf8');
const SECRET = 'the-secret-shared-with-the-script';

type Cell = string | Date;

/** Just enough of the Apps Script services for docs/sheets-webhook.gs, over an in-memory sheet. */
function appsScript(secret: string | null) {
  const rows: Cell[][] = [];
  const sheet = {
    getLastRow: () => rows.length,
    appendRow: (row: Cell[]) => void rows.push(row),
    setFrozenRows: () => undefined,
    deleteRow: (row: number) => void rows.splice(row - 1, 1),
    getRange: (row: number, column: number, numRows: number) => ({
      getValues: () => rows.slice(row - 1, row - 1 + numRows).map((cells) => [cells[column - 1]]),
      createTextFinder: (text: string) => ({
        matchEntireCell: () => ({
          findNext: () => (rows.slice(row - 1, row - 1 + numRows).some((cells) => cells[column - 1] === text) ? {} : null),
        }),
      }),
    }),
  };
  let sheets: Record<string, typeof sheet> = {};
  const context = vm.createContext({
    PropertiesService: {
      getScriptProperties: () => ({ getProperty: (name: string) => (name === 'SHEETS_WEBHOOK_SECRET' ? secret : null) }),
    },
    Utilities: {
      Charset: { UTF_8: 'UTF-8' },
      // Apps Script answers Java bytes: numbers from -128 to 127.
      computeHmacSha256Signature: (value: string, key: string) =>
        [...createHmac('sha256', key).update(value, 'utf8').digest()].map((byte) => (byte > 127 ? byte - 256 : byte)),
    },
    LockService: { getScriptLock: () => ({ tryLock: () => true, releaseLock: () => undefined }) },
    SpreadsheetApp: {
      flush: () => undefined,
      getActiveSpreadsheet: () => ({
        getSheetByName: (name: string) => sheets[name] ?? null,
        insertSheet: (name: string) => (sheets = { ...sheets, [name]: sheet })[name],
      }),
    },
    ContentService: { MimeType: { JSON: 'json' }, createTextOutput: (text: string) => ({ setMimeType: () => JSON.parse(text) }) },
  });
  vm.runInContext(SCRIPT, context);
  const doPost = context.doPost as (e: unknown) => { ok: boolean; error?: string; retry?: boolean; duplicate?: boolean };
  return {
    rows,
    /** Posts like the backend: the body, and the query string of `url`. */
    post: (url: string, body: string) =>
      doPost({ postData: { contents: body }, parameter: Object.fromEntries(new URL(url).searchParams) }),
  };
}

const lead = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    name: 'José Núñez',
    email: 'jose@example.com',
    linkedin: null,
    company: '=HYPERLINK("http://evil.example")',
    interest: 'community',
    comments: null,
    id: 'submission-1',
    submittedAt: '2026-11-22T06:00:00.000Z',
    ...overrides,
  });
const now = () => Math.floor(Date.now() / 1000);
const URL_ = 'https://script.example/exec';

describe('docs/sheets-webhook.gs', () => {
  let script: ReturnType<typeof appsScript>;
  beforeEach(() => {
    script = appsScript(SECRET);
  });

  it('accepts a request signed by the backend and appends one row, as text', () => {
    const body = lead();

    expect(script.post(signedUrl(URL_, SECRET, 'delivery-1', now(), body), body)).toEqual({ ok: true });

    expect(script.rows[0]).toEqual([
      'id',
      'submittedAt',
      'name',
      'email',
      'linkedin',
      'company',
      'interest',
      'comments',
      'receivedAt',
    ]);
    expect(script.rows.slice(1).map((row) => row.slice(0, 8))).toEqual([
      [
        'submission-1',
        '2026-11-22T06:00:00.000Z',
        'José Núñez',
        'jose@example.com',
        '',
        `'=HYPERLINK("http://evil.example")`,
        'community',
        '',
      ],
    ]);
  });

  it('ignores an id it has already added', () => {
    const body = lead();
    script.post(signedUrl(URL_, SECRET, 'delivery-1', now(), body), body);

    expect(script.post(signedUrl(URL_, SECRET, 'delivery-1', now(), body), body)).toEqual({ ok: true, duplicate: true });
    const other = lead({ id: 'submission-2' });
    expect(script.post(signedUrl(URL_, SECRET, 'delivery-2', now(), other), other)).toEqual({ ok: true });
    expect(script.rows.slice(1).map((row) => row[0])).toEqual(['submission-1', 'submission-2']);
  });

  it.each([
    ['another secret', (body: string) => signedUrl(URL_, 'a-forger-guess', 'delivery-1', now(), body), 'bad signature'],
    [
      'a changed body',
      (body: string) => signedUrl(URL_, SECRET, 'delivery-1', now(), body.replace('José', 'Mallory')),
      'bad signature',
    ],
    [
      'a stale timestamp',
      (body: string) => signedUrl(URL_, SECRET, 'delivery-1', now() - 3600, body),
      'timestamp too old or in the future',
    ],
    ['no signature', () => URL_, 'signature missing'],
  ])('refuses a request with %s, adding nothing', (_, url, error) => {
    const body = lead();

    expect(script.post(url(body), body)).toEqual({ ok: false, error });
    expect(script.rows).toEqual([]);
  });

  it('deletes the rows of a signed erasure, and only those', () => {
    for (const id of ['submission-1', 'submission-2', 'submission-3', 'submission-4']) {
      const body = lead({ id });
      script.post(signedUrl(URL_, SECRET, `delivery-${id}`, now(), body), body);
    }
    const erase = JSON.stringify({ action: 'erase', ids: ['submission-2', 'submission-4', 'never-added'] });

    expect(script.post(signedUrl(URL_, SECRET, 'delivery-erase', now(), erase), erase)).toEqual({ ok: true, erased: 2 });
    expect(script.rows.map((row) => row[0])).toEqual(['id', 'submission-1', 'submission-3']);
    // Delivered again (at least once): nothing more to delete, still a success.
    expect(script.post(signedUrl(URL_, SECRET, 'delivery-erase', now(), erase), erase)).toEqual({ ok: true, erased: 0 });
  });

  it.each([
    ['a forged signature', (body: string) => signedUrl(URL_, 'a-forger-guess', 'delivery-erase', now(), body), 'bad signature'],
    ['no signature', () => URL_, 'signature missing'],
  ])('refuses an erasure with %s, deleting nothing', (_, url, error) => {
    const added = lead();
    script.post(signedUrl(URL_, SECRET, 'delivery-1', now(), added), added);
    const erase = JSON.stringify({ action: 'erase', ids: ['submission-1'] });

    expect(script.post(url(erase), erase)).toEqual({ ok: false, error });
    expect(script.rows.map((row) => row[0])).toEqual(['id', 'submission-1']);
  });

  it('refuses an erasure without a list of ids', () => {
    const erase = JSON.stringify({ action: 'erase', ids: 'submission-1' });

    expect(script.post(signedUrl(URL_, SECRET, 'delivery-erase', now(), erase), erase)).toEqual({
      ok: false,
      error: 'ids missing',
    });
  });

  it('accepts unsigned requests when no secret is set', () => {
    const unsigned = appsScript(null);

    expect(unsigned.post(URL_, lead())).toEqual({ ok: true });
    expect(unsigned.rows).toHaveLength(2);
  });
});
