import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { IncomingMessage } from 'node:http';
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import { loadUnbounded, seedSubmissions } from './support/seed.js';
import { waitFor } from './support/sheets-endpoint.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

const HEADER = [
  'id',
  'submitted_at',
  'name',
  'email',
  'linkedin',
  'company',
  'interest',
  'status',
  'comments',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'referrer',
  'assignee',
  'assignee_name',
  'follow_up_at',
  'first_responded_at',
  'response_minutes',
  'notes',
  'last_note',
];

/** An export whose client has stopped reading: the server can only write until the socket's buffers fill. */
interface StalledDownload {
  status: number;
  /** Reads the rest and ends the download. */
  finish(): Promise<void>;
}

/** Starts a download and stops reading it as soon as its headers arrive. */
function stalledDownload(agent: ReturnType<typeof request.agent>, path: string): Promise<StalledDownload> {
  return new Promise((resolve, reject) => {
    let ended: Promise<void>;
    agent
      .get(path)
      .buffer(true)
      .parse((res, done) => {
        // The node response under superagent's type: a readable stream of the body.
        const response = res as unknown as IncomingMessage;
        response.pause();
        ended = new Promise((whenEnded) => {
          response.on('end', () => {
            done(null, null);
            whenEnded();
          });
        });
        resolve({ status: response.statusCode ?? 0, finish: () => (response.resume(), ended) });
      })
      .catch(reject);
  });
}

/** The raw bytes of a CSV answer, as a browser saves the file. */
async function download(
  agent: ReturnType<typeof request.agent>,
  path: string,
): Promise<{ res: request.Response; bytes: Buffer }> {
  const res = await agent
    .get(path)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
  return { res, bytes: res.body as Buffer };
}

describe('GET /api/admin/contacts/export.csv', () => {
  let sut: TestApp;
  let admin: ReturnType<typeof request.agent>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    sut = await createTestApp();
    admin = await signedInAgent(sut);
    const rows = [
      { name: 'Plain Person', company: 'Acme', comments: 'Nothing special', submittedAt: new Date('2026-11-01T08:00:00.123Z') },
      { name: '=HYPERLINK("http://evil.example","x")', comments: '+1 555 0100', submittedAt: new Date('2026-11-02T08:00:00Z') },
      { name: '-2+3', company: '@SUM(A1:A2)', comments: '\tTabbed', submittedAt: new Date('2026-11-03T08:00:00Z') },
      {
        name: 'Quote "Q" Person',
        company: 'Comma, Inc.',
        comments: '\rStarts with CR',
        submittedAt: new Date('2026-11-04T08:00:00Z'),
      },
      {
        name: 'Multi Line',
        comments: 'line one\nline two\r\nline three, "quoted"',
        submittedAt: new Date('2026-11-05T08:00:00Z'),
      },
      { name: 'Spam Bot', status: 'spam', interest: 'community', submittedAt: new Date('2026-11-06T08:00:00Z') },
      { name: 'Zoë Ünicode', email: 'zoe@example.com', company: '中文 Ltd', submittedAt: new Date('2026-11-07T08:00:00Z') },
    ];
    const seeded = await seedSubmissions(sut.dataSource, rows);
    rows.forEach((row, i) => (ids[row.name] = seeded[i]));
  });
  afterAll(() => sut.close());

  it('downloads every matching row as a UTF-8 CSV file with a BOM, a header and CRLF records', async () => {
    const { res, bytes } = await download(admin, '/api/admin/contacts/export.csv');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.startsWith(`${HEADER.join(',')}\r\n`)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).toContain(
      `${ids['Plain Person']},2026-11-01T08:00:00.123Z,Plain Person,seed1@example.com,,Acme,empower-team,new,Nothing special,,,,,,,,,,0,\r\n`,
    );
  });

  it('reads back through a real CSV parser with every value intact, formula cells neutralised, newest first', async () => {
    const { bytes } = await download(admin, '/api/admin/contacts/export.csv');
    const records: string[][] = parse(bytes, { bom: true });

    expect(records[0]).toEqual(HEADER);
    const byName = new Map(records.slice(1).map((record) => [record[2], record]));
    expect(records.slice(1).map((record) => record[2])).toEqual([
      'Zoë Ünicode',
      'Multi Line',
      'Quote "Q" Person',
      "'-2+3",
      `'=HYPERLINK("http://evil.example","x")`,
      'Plain Person',
    ]);
    expect(byName.get(`'=HYPERLINK("http://evil.example","x")`)![8]).toBe("'+1 555 0100");
    expect(byName.get("'-2+3")!.slice(5, 9)).toEqual(["'@SUM(A1:A2)", 'empower-team', 'new', "'\tTabbed"]);
    expect(byName.get('Quote "Q" Person')!.slice(5, 9)).toEqual(['Comma, Inc.', 'empower-team', 'new', "'\rStarts with CR"]);
    expect(byName.get('Multi Line')![8]).toBe('line one\nline two\r\nline three, "quoted"');
    expect(byName.get('Zoë Ünicode')!.slice(3, 6)).toEqual(['zoe@example.com', '', '中文 Ltd']);
  });

  it('quotes as RFC 4180 says: fields with a comma, a quote or a line break, quotes doubled', async () => {
    const { bytes } = await download(admin, '/api/admin/contacts/export.csv');
    const text = bytes.toString('utf8');

    expect(text).toContain(',"Quote ""Q"" Person",');
    expect(text).toContain(',"Comma, Inc.",');
    expect(text).toContain(',"line one\nline two\r\nline three, ""quoted""",');
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",`);
  });

  it('takes the list filters, and records the export without personal data', async () => {
    const { bytes } = await download(admin, '/api/admin/contacts/export.csv?q=zoe&status=new,spam');
    expect(parse(bytes, { bom: true }).map((record: string[]) => record[2])).toEqual(['name', 'Zoë Ünicode']);

    const spam = await download(admin, '/api/admin/contacts/export.csv?status=spam&interest=community&from=2026-11-06T00:00:00Z');
    expect(parse(spam.bytes, { bom: true }).map((record: string[]) => record[2])).toEqual(['name', 'Spam Bot']);

    // Recorded once the last row is sent, so just after the download ends.
    const exports = () =>
      sut.dataSource.query(`SELECT actor, action, submission_id, detail FROM audit_events WHERE action = 'export' ORDER BY id`);
    await waitFor('the audit event', async () =>
      (await exports()).some(
        (event: { detail: { rows: number; filters: string[] } }) =>
          event.detail.rows === 1 && event.detail.filters.includes('from'),
      ),
    );
    const event = (await exports()).at(-1);
    expect(event).toEqual({
      actor: 'admin',
      action: 'export',
      submission_id: null,
      detail: { filters: ['interest', 'status', 'from'], rows: 1 },
    });
  });

  it("adds the lead's working fields, and writes dates in the time zone asked for", async () => {
    const id = ids['Plain Person'];
    await admin
      .patch(`/api/admin/contacts/${id}`)
      .send({ status: 'contacted', assigneeId: (await admin.get('/api/auth/me')).body.id, followUpAt: '2026-12-01T16:30:00Z' })
      .expect(200);
    for (const body of ['Called, no answer', 'Second try: "booked", call on Monday']) {
      await admin.post(`/api/admin/contacts/${id}/notes`).send({ body }).expect(201);
    }
    const { bytes } = await download(admin, '/api/admin/contacts/export.csv?q=plain&tz=Europe/Paris');
    const records: string[][] = parse(bytes, { bom: true });
    const [header, record] = records;
    const row = Object.fromEntries(header.map((name, index) => [name, record[index]]));
    const { body: detail } = await admin.get(`/api/admin/contacts/${id}`).expect(200);
    const paris = (iso: string) =>
      new Date(iso).toLocaleString('sv-SE', { timeZone: 'Europe/Paris', hour12: false }).replace(/,/g, '');
    expect(row).toMatchObject({
      submitted_at: '2026-11-01 09:00:00',
      status: 'contacted',
      assignee: 'admin',
      assignee_name: detail.assignee.displayName,
      follow_up_at: '2026-12-01 17:30:00',
      first_responded_at: paris(detail.firstRespondedAt),
      response_minutes: String(detail.responseMinutes),
      notes: '2',
      last_note: 'Second try: "booked", call on Monday',
    });

    const bad = await admin.get('/api/admin/contacts/export.csv?tz=Mars/Base').expect(400);
    expect(bad.body.message).toEqual(['tz must be a known IANA time zone']);
  });

  it('answers a header alone when nothing matches', async () => {
    const { bytes } = await download(admin, '/api/admin/contacts/export.csv?q=nobody-at-all');
    expect(bytes.toString('utf8')).toBe(`\ufeff${HEADER.join(',')}\r\n`);
  });

  it('refuses a bad filter with 400 and the failed rule, and answers 401 without a session', async () => {
    const res = await admin.get('/api/admin/contacts/export.csv?status=gone').expect(400);
    expect(res.body.message).toEqual(['status must be one or more of new, contacted, qualified, archived, spam']);
    await request(sut.server).get('/api/admin/contacts/export.csv').expect(401);
  });

  it('runs at most two exports at once per user: a third answers 429 until one has finished', async () => {
    // About 24 MB of CSV: far more than the sockets buffer, so a stalled export stays open.
    await loadUnbounded(
      sut.databaseUrl,
      `INSERT INTO contact_submissions (id, name, email, interest, submitted_at, comments)
       SELECT gen_random_uuid(), 'Bulk ' || n, 'bulk' || n || '@example.com', 'empower-team', now(), repeat('x', 4000)
         FROM generate_series(1, 6000) AS n`,
    );
    const stalled: StalledDownload[] = [];
    try {
      const [first, second] = [
        await stalledDownload(admin, '/api/admin/contacts/export.csv'),
        await stalledDownload(admin, '/api/admin/contacts/export.csv'),
      ];
      stalled.push(first, second);
      expect([first.status, second.status]).toEqual([200, 200]);

      const third = await admin.get('/api/admin/contacts/export.csv').expect(429);
      expect(third.body.message).toBe('At most 2 exports run at once per user; try again when one has finished');
      expect(third.headers['retry-after']).toBeDefined();
      // Another user has slots of their own.
      const { body: invitation } = await admin
        .post('/api/admin/invitations')
        .send({ email: 'exporter@example.com', role: 'member' })
        .expect(201);
      const member = request.agent(sut.server);
      await member
        .post('/api/auth/invitations/accept')
        .send({ token: String(invitation.inviteUrl).split('#')[1], username: 'exporter', password: 'a long member password 42' })
        .expect(201);
      await member.get('/api/admin/contacts/export.csv?q=nobody-at-all').expect(200);

      await first.finish();
      await admin.get('/api/admin/contacts/export.csv?q=nobody-at-all').expect(200);
      await second.finish();
    } finally {
      // A failed expectation must not leave the server writing to a client that never reads.
      await Promise.all(stalled.map((download) => download.finish()));
      await sut.dataSource.query("DELETE FROM contact_submissions WHERE name LIKE 'Bulk %'");
    }
  });
});
