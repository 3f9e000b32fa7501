import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import type request from 'supertest';
import { createAccount, signedInAs, type TestAccount } from './support/accounts.js';
import { seedSubmissions } from './support/seed.js';
import { createTestApp, type TestApp } from './support/test-app.js';

type Agent = ReturnType<typeof request.agent>;

describe('assignment', () => {
  let sut: TestApp;
  let ana: TestAccount;
  let ben: TestAccount;
  let asAna: Agent;
  let leads: string[];

  beforeAll(async () => {
    sut = await createTestApp();
    ana = await createAccount(sut, 'member');
    ben = await createAccount(sut, 'member');
    asAna = await signedInAs(sut, ana);
    leads = await seedSubmissions(
      sut.dataSource,
      [0, 1, 2, 3].map((minute) => ({ submittedAt: new Date(Date.UTC(2026, 10, 2, 10, minute)) })),
    );
  });
  afterAll(() => sut.close());

  const assign = (id: string, assigneeId: string | null) => asAna.patch(`/api/admin/contacts/${id}`).send({ assigneeId });

  it('assigns a lead: the detail names the assignee, the row carries the id, the history who assigned whom', async () => {
    const { body } = await assign(leads[0], ben.id).expect(200);

    expect(body.assignee).toEqual({ id: ben.id, username: ben.username, displayName: `The ${ben.username}` });
    expect(body.history).toEqual([
      {
        at: expect.any(String),
        actor: ana.username,
        actorId: ana.id,
        actorDisplayName: `The ${ana.username}`,
        action: 'assign',
        detail: { from: null, to: ben.id },
      },
    ]);
    const { body: rows } = await asAna.get('/api/admin/contacts').expect(200);
    expect(rows.find((row: { id: string }) => row.id === leads[0]).assigneeId).toBe(ben.id);

    // Unassigned again, and the same assignee twice records nothing.
    await assign(leads[0], null).expect(200);
    const { body: after } = await assign(leads[0], null).expect(200);
    expect(after.assignee).toBeNull();
    expect(after.history.map((entry: { detail: object }) => entry.detail)).toEqual([
      { from: ben.id, to: null },
      { from: null, to: ben.id },
    ]);
  });

  it("refuses an id that is not an active member's or admin's (a viewer's among them), and changes nothing", async () => {
    const gone = await createAccount(sut, 'member', { disabled: true });
    const viewer = await createAccount(sut, 'viewer');

    for (const assigneeId of [viewer.id, gone.id, crypto.randomUUID(), 'ben']) {
      const res = await assign(leads[1], assigneeId).expect(400);
      expect(res.body.message).toEqual(['assigneeId must be the id of an active member or admin, or null']);
    }
    expect((await asAna.get(`/api/admin/contacts/${leads[1]}`).expect(200)).body).toMatchObject({ assignee: null, history: [] });
  });

  it('lists whom a lead can be assigned to for every role: the active members and admins, by display name, names only', async () => {
    const gone = await createAccount(sut, 'member', { disabled: true });
    const viewerAccount = await createAccount(sut, 'viewer');
    const viewer = await signedInAs(sut, viewerAccount);

    for (const agent of [asAna, viewer]) {
      const { body } = await agent.get('/api/admin/assignees').expect(200);
      expect(body).toEqual(
        expect.arrayContaining([{ id: ben.id, username: ben.username, displayName: `The ${ben.username}`, away: false }]),
      );
      expect(body.map((person: { id: string }) => person.id)).not.toContain(gone.id);
      expect(body.map((person: { id: string }) => person.id)).not.toContain(viewerAccount.id);
      expect(body.map((person: { username: string }) => person.username)).toContain('admin');
      const names = body.map((person: { displayName: string }) => person.displayName);
      expect(names).toEqual([...names].sort());
      expect(Object.keys(body[0]).sort()).toEqual(['away', 'displayName', 'id', 'username']);
    }
  });

  describe('filters', () => {
    beforeAll(async () => {
      await sut.dataSource.query('UPDATE contact_submissions SET assignee_id = NULL');
      await assign(leads[0], ana.id).expect(200);
      await assign(leads[1], ana.id).expect(200);
      await assign(leads[2], ben.id).expect(200);
    });

    const listed = async (query: string) => {
      const res = await asAna.get(`/api/admin/contacts?${query}`).expect(200);
      return {
        ids: (res.body as Array<{ id: string }>).map((row) => row.id),
        total: res.headers['x-total-count'],
        link: res.headers.link,
      };
    };

    it('lists what is assigned to me, to a teammate, or to nobody, and the next page keeps the filter', async () => {
      expect(await listed('assignee=me')).toMatchObject({ ids: [leads[1], leads[0]], total: '2' });
      expect(await listed(`assignee=${ben.id}`)).toMatchObject({ ids: [leads[2]], total: '1' });
      expect(await listed('assignee=none')).toMatchObject({ ids: [leads[3]], total: '1' });
      const first = await listed('assignee=me&limit=1');
      expect(first.link).toMatch(/[?&]assignee=me&/);
      const next = first.link.match(/<([^>]+)>/)![1];
      expect((await asAna.get(next).expect(200)).body.map((row: { id: string }) => row.id)).toEqual([leads[0]]);
    });

    it('exports the same rows with the assignee column (the username)', async () => {
      const csv = async (query: string) => {
        const res = await asAna.get(`/api/admin/contacts/export.csv?${query}`).buffer(true).expect(200);
        return parse<Record<string, string>>(res.text.replace(/^\uFEFF/, ''), { columns: true });
      };

      const mine = await csv('assignee=me');
      expect(mine.map((row) => [row.id, row.assignee])).toEqual([
        [leads[1], ana.username],
        [leads[0], ana.username],
      ]);
      expect((await csv('assignee=none')).map((row) => [row.id, row.assignee])).toEqual([[leads[3], '']]);
      expect(Object.keys(mine[0])).toContain('assignee');
    });

    it('refuses an assignee filter that is not an id, me or none', async () => {
      for (const path of ['/api/admin/contacts?assignee=someone', '/api/admin/contacts/export.csv?assignee=someone']) {
        expect((await asAna.get(path).expect(400)).body.message).toEqual(["assignee must be a user's id, me or none"]);
      }
    });
  });
});
