import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createAccount, signedInAs } from './support/accounts.js';
import { seedSubmissions } from './support/seed.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

type Agent = Awaited<ReturnType<typeof signedInAs>>;

describe('the conversation: reply templates and the signature', () => {
  let sut: TestApp;
  let admin: Agent;
  let asMember: Agent;
  let asViewer: Agent;

  beforeAll(async () => {
    sut = await createTestApp();
    admin = await signedInAgent(sut);
    const member = await createAccount(sut, 'member');
    await sut.dataSource.query(`UPDATE users SET display_name = 'Mia Example' WHERE id = $1`, [member.id]);
    asMember = await signedInAs(sut, member);
    asViewer = await signedInAs(sut, await createAccount(sut, 'viewer'));
  }, 60_000);
  afterAll(() => sut?.close());

  it('lets members read and admins write, refusing an unknown variable by name', async () => {
    const template = { name: 'First answer', subject: 'Hello {{lead.firstName}}', body: 'Dear {{ lead.name }},\n\n{{me.name}}' };
    await asMember.post('/api/admin/reply-templates').send(template).expect(403);
    await asViewer.get('/api/admin/reply-templates').expect(403);
    const bad = await admin
      .post('/api/admin/reply-templates')
      .send({ ...template, body: 'Hi {{lead.email}} {{me.phone}}' })
      .expect(400);
    expect(bad.body.message).toEqual([
      'body has an unknown variable {{lead.email}}',
      'body has an unknown variable {{me.phone}}',
    ]);

    const { body: saved } = await admin.post('/api/admin/reply-templates').send(template).expect(201);
    expect(saved).toEqual({ id: expect.any(String), ...template, updatedAt: expect.any(String) });
    expect((await asMember.get('/api/admin/reply-templates').expect(200)).body).toEqual([saved]);

    const badPatch = await admin.patch(`/api/admin/reply-templates/${saved.id}`).send({ subject: '{{lead.age}}' }).expect(400);
    expect(badPatch.body.message).toEqual(['subject has an unknown variable {{lead.age}}']);
    await asMember.patch(`/api/admin/reply-templates/${saved.id}`).send({ name: 'x' }).expect(403);
    const renamed = await admin
      .patch(`/api/admin/reply-templates/${saved.id}`)
      .send({ name: 'Welcome', subject: null })
      .expect(200);
    expect(renamed.body).toEqual(expect.objectContaining({ name: 'Welcome', subject: null, body: template.body }));

    await asMember.delete(`/api/admin/reply-templates/${saved.id}`).expect(403);
    await admin.delete(`/api/admin/reply-templates/${saved.id}`).expect(204);
    await admin.delete(`/api/admin/reply-templates/${saved.id}`).expect(404);
  });

  it('renders for a lead and the caller in one pass: a lead named {{me.name}} stays that', async () => {
    const [id] = await seedSubmissions(sut.dataSource, [
      { submittedAt: new Date(), name: '{{me.name}} Smith', company: 'Engines & Co', interest: 'partnership' },
    ]);
    const { body: template } = await admin
      .post('/api/admin/reply-templates')
      .send({
        name: 'All variables',
        subject: 'Re: {{lead.interest}}',
        body: '{{lead.firstName}} / {{lead.name}} / {{lead.company}} / {{me.name}}',
      })
      .expect(201);
    const rendered = await asMember.post(`/api/admin/reply-templates/${template.id}/render`).send({ leadId: id }).expect(200);
    expect(rendered.body).toEqual({
      subject: 'Re: Partnership Opportunities',
      body: '{{me.name}} / {{me.name}} Smith / Engines & Co / Mia Example',
    });
    await asViewer.post(`/api/admin/reply-templates/${template.id}/render`).send({ leadId: id }).expect(403);
    await asMember
      .post(`/api/admin/reply-templates/${template.id}/render`)
      .send({ leadId: '00000000-0000-4000-8000-000000000000' })
      .expect(404);
  });

  it('keeps a signature of up to 1000 characters on the account', async () => {
    const saved = await asMember.patch('/api/auth/me').send({ signature: 'Mia Example\nRecruiting' }).expect(200);
    expect(saved.body.signature).toBe('Mia Example\nRecruiting');
    expect((await asMember.get('/api/auth/me').expect(200)).body).toEqual(
      expect.objectContaining({
        signature: 'Mia Example\nRecruiting',
        notifications: expect.objectContaining({ replies: 'instant' }),
      }),
    );
    const long = await asMember
      .patch('/api/auth/me')
      .send({ signature: 'x'.repeat(1001) })
      .expect(400);
    expect(long.body.message).toEqual(['signature must be at most 1000 characters']);
    await asMember.patch('/api/auth/me').send({ signature: null }).expect(400);
    const off = await asMember
      .patch('/api/auth/me')
      .send({ notifications: { replies: 'off' }, signature: '' })
      .expect(200);
    expect(off.body).toEqual(
      expect.objectContaining({ signature: null, notifications: expect.objectContaining({ replies: 'off' }) }),
    );
  });
});
