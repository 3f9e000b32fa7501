import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { dataSourceOptions, MIGRATIONS } from '../src/database/data-source.js';
import { NoteThreads1796540000000 } from '../src/database/migrations/1796540000000-note-threads.js';
import { createAccount, signedInAs, type TestAccount } from './support/accounts.js';
import { contactBody } from './support/contacts.js';
import { createTestApp, createTestDatabase, signedInAgent, type TestApp } from './support/test-app.js';

type Agent = ReturnType<typeof request.agent>;

describe('working together on one lead', () => {
  let sut: TestApp;
  let admin: Agent;
  let ann: TestAccount;
  let asAnn: Agent;
  let ben: TestAccount;
  let asBen: Agent;
  let asViewer: Agent;

  beforeAll(async () => {
    sut = await createTestApp({ env: { CONTACT_RATE_LIMIT: '10000' } });
    admin = await signedInAgent(sut);
    ann = await createAccount(sut, 'member');
    ben = await createAccount(sut, 'member');
    [asAnn, asBen, asViewer] = await Promise.all([
      signedInAs(sut, ann),
      signedInAs(sut, ben),
      signedInAs(sut, await createAccount(sut, 'viewer')),
    ]);
  });
  afterAll(() => sut.close());

  // Each lead a new person: a person's next lead would arrive assigned to the owner of their last.
  let people = 0;
  const submit = async () =>
    (
      await request(sut.server)
        .post('/api/contact')
        .send(contactBody({ email: `person${++people}@example.com` }))
        .expect(201)
    ).body.id as string;
  const lead = (id: string) => `/api/admin/contacts/${id}`;

  describe('no lost updates (ETag and If-Match)', () => {
    it('refuses a save made on a stale version with 412 and the current detail, and changes nothing', async () => {
      const id = await submit();
      const [annRead, benRead] = await Promise.all([asAnn.get(lead(id)).expect(200), asBen.get(lead(id)).expect(200)]);
      expect(annRead.headers.etag).toBe('"1"');
      expect(annRead.headers['cache-control']).toBe('no-store');
      expect(benRead.headers.etag).toBe('"1"');

      const annSave = await asAnn.patch(lead(id)).set('If-Match', annRead.headers.etag).send({ status: 'contacted' }).expect(200);
      expect(annSave.headers.etag).toBe('"2"');

      const stale = await asBen.patch(lead(id)).set('If-Match', benRead.headers.etag).send({ status: 'archived' }).expect(412);
      expect(stale.body).toMatchObject({ id, status: 'contacted', version: 2, statusChangedBy: ann.username });
      expect(stale.headers.etag).toBe('"2"');
      expect(stale.body.history.map((entry: { actorId: string; action: string }) => [entry.actorId, entry.action])).toEqual([
        [ann.id, 'status'],
      ]);
      const after = await admin.get(lead(id)).expect(200);
      expect(after.body).toMatchObject({ status: 'contacted', version: 2 });
      expect(after.headers.etag).toBe('"2"');

      // Applied again on the version now read, it goes through.
      await asBen.patch(lead(id)).set('If-Match', stale.headers.etag).send({ status: 'archived' }).expect(200);
      // Without If-Match (an API client), a change applies whatever the version.
      const plain = await asAnn.patch(lead(id)).send({ status: 'qualified' }).expect(200);
      expect(plain.body).toMatchObject({ status: 'qualified', version: 4 });
    });

    it('raises the version on an assignment and on a note, and not on a save that changes nothing', async () => {
      const id = await submit();
      await asAnn.patch(lead(id)).set('If-Match', '"1"').send({ status: 'new' }).expect(200);
      expect((await admin.get(lead(id))).headers.etag).toBe('"1"');

      await asAnn.patch(lead(id)).send({ assigneeId: ben.id }).expect(200);
      await asBen
        .post(`${lead(id)}/notes`)
        .send({ body: 'Mine now.' })
        .expect(201);
      expect((await admin.get(lead(id))).headers.etag).toBe('"3"');
      await asAnn.patch(lead(id)).set('If-Match', '"2"').send({ assigneeId: null }).expect(412);
    });
  });

  describe('notes as a thread', () => {
    it("keeps two authors' notes, newest first, each with its author and time, and a history line with its start", async () => {
      const id = await submit();
      const long = `Called her. ${'Wants a demo on Monday. '.repeat(6)}`.trim();
      const first = await asAnn
        .post(`${lead(id)}/notes`)
        .send({ body: `  ${long}\n` })
        .expect(201);
      expect(first.body).toEqual({
        id: expect.any(String),
        authorId: ann.id,
        authorDisplayName: `The ${ann.username}`,
        body: long,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const second = await asBen
        .post(`${lead(id)}/notes`)
        .send({ body: 'Sent the deck.' })
        .expect(201);

      const { body } = await asViewer.get(lead(id)).expect(200);
      expect(body.notes.map((note: { body: string; authorId: string }) => [note.authorId, note.body])).toEqual([
        [ben.id, 'Sent the deck.'],
        [ann.id, long],
      ]);
      expect(
        body.history.map((entry: { actorId: string; action: string; detail: object }) => [entry.actorId, entry.detail]),
      ).toEqual([
        [ben.id, { noteId: second.body.id, excerpt: 'Sent the deck.' }],
        [ann.id, { noteId: first.body.id, excerpt: long.slice(0, 100) }],
      ]);
      // The audit log keeps no note text: it outlives an erased lead.
      const stored = await sut.dataSource.query(`SELECT detail::text FROM audit_events WHERE submission_id = $1`, [id]);
      expect(JSON.stringify(stored)).not.toMatch(/Called|deck/);
    });

    it.each([
      ['an empty note', { body: '   ' }, 'body must be 1 to 5000 characters'],
      ['a note of 5001 characters', { body: 'x'.repeat(5001) }, 'body must be 1 to 5000 characters'],
      ['a note that is a number', { body: 42 }, 'body must be text'],
      ['a note with NUL', { body: 'a\u0000b' }, 'body contains characters that are not allowed'],
    ])('refuses %s with the failed rule and stores nothing', async (_, note, message) => {
      const id = await submit();
      const res = await asAnn
        .post(`${lead(id)}/notes`)
        .send(note)
        .expect(400);
      expect(([] as string[]).concat(res.body.message)).toContain(message);
      expect((await admin.get(lead(id))).body).toMatchObject({ notes: [], history: [], version: 1 });
    });

    it("lets a viewer read notes but not write them; deleting is the author's or an admin's", async () => {
      const id = await submit();
      const refused = await asViewer
        .post(`${lead(id)}/notes`)
        .send({ body: 'Hi' })
        .expect(403);
      expect(refused.body.message).toMatch(/viewer/);
      const annNote = (
        await asAnn
          .post(`${lead(id)}/notes`)
          .send({ body: "Ann's" })
          .expect(201)
      ).body.id as string;
      const benNote = (
        await asBen
          .post(`${lead(id)}/notes`)
          .send({ body: "Ben's" })
          .expect(201)
      ).body.id as string;

      const notYours = await asAnn.delete(`${lead(id)}/notes/${benNote}`).expect(403);
      expect(notYours.body.message).toBe('Your role (member) may delete only your own notes');
      await asViewer.delete(`${lead(id)}/notes/${annNote}`).expect(403);
      await asAnn.delete(`${lead(id)}/notes/${annNote}`).expect(204);
      await admin.delete(`${lead(id)}/notes/${benNote}`).expect(204);
      await admin.delete(`${lead(id)}/notes/${benNote}`).expect(404);
      await admin.delete(`${lead(await submit())}/notes/not-a-note`).expect(404);

      const { body } = await admin.get(lead(id)).expect(200);
      expect(body.notes).toEqual([]);
      expect(body.history.map((entry: { detail: object }) => entry.detail)).toEqual([
        { noteId: benNote, deleted: true, excerpt: null },
        { noteId: annNote, deleted: true, excerpt: null },
        { noteId: benNote, excerpt: null },
        { noteId: annNote, excerpt: null },
      ]);
    });

    it("erases a lead's notes with it", async () => {
      const id = await submit();
      await asAnn
        .post(`${lead(id)}/notes`)
        .send({ body: 'Gone soon.' })
        .expect(201);
      await admin.delete(lead(id)).expect(204);
      const [{ count }] = await sut.dataSource.query(
        `SELECT count(*)::int AS count FROM contact_notes WHERE submission_id = $1`,
        [id],
      );
      expect(count).toBe(0);
    });
  });
});

describe('the note threads migration', () => {
  let sut: TestApp | undefined;
  afterAll(() => sut?.close());

  it("makes a lead's single note the first entry of its thread, with no author, at its last note event", async () => {
    const databaseUrl = await createTestDatabase();
    const older = MIGRATIONS.slice(0, MIGRATIONS.indexOf(NoteThreads1796540000000));
    const before = await new DataSource({ ...dataSourceOptions(databaseUrl), migrations: older }).initialize();
    await before.runMigrations();
    const [{ id: withNote }] = await before.query(
      `INSERT INTO contact_submissions (name, email, interest, note) VALUES ('Ada', 'ada@example.com', 'community', $1) RETURNING id`,
      ['Called her.\nWants a demo.'],
    );
    const [{ id: without }] = await before.query(
      `INSERT INTO contact_submissions (name, email, interest) VALUES ('Bo', 'bo@example.com', 'community') RETURNING id`,
    );
    await before.query(
      `INSERT INTO audit_events (actor, action, submission_id, detail, at) VALUES ('admin', 'note', $1, '{"cleared":false}', '2026-11-02T10:00:00Z')`,
      [withNote],
    );
    await before.destroy();

    sut = await createTestApp({ databaseUrl });
    const admin = await signedInAgent(sut);

    const { body } = await admin.get(`/api/admin/contacts/${withNote}`).expect(200);
    expect(body.notes).toEqual([
      {
        id: expect.any(String),
        authorId: null,
        authorDisplayName: null,
        body: 'Called her.\nWants a demo.',
        createdAt: '2026-11-02T10:00:00.000Z',
      },
    ]);
    expect(body.history.map((entry: { detail: object }) => entry.detail)).toEqual([{ cleared: false }]);
    expect((await admin.get(`/api/admin/contacts/${without}`)).body.notes).toEqual([]);
    const columns = await sut.dataSource.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'contact_submissions' AND column_name = 'note'`,
    );
    expect(columns).toEqual([]);
  });
});
