import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createAccount, signedInAs, type TestAccount } from './support/accounts.js';
import { contactBody } from './support/contacts.js';
import { emptySubmissions } from './support/seed.js';
import { waitFor } from './support/sheets-endpoint.js';
import { type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

/**
 * A person who writes again goes to whoever owns their earlier lead: the team lead (an
 * admin), a member and a viewer all take new leads at once; real SMTP, real webhook receivers.
 */
describe('returning leads', () => {
  let smtp: SmtpReceiver;
  let slack: WebhookReceiver;
  let standard: WebhookReceiver;
  let sut: TestApp;
  let lead: TestAccount;
  let member: TestAccount;
  let viewer: TestAccount;
  let teamLead: Awaited<ReturnType<typeof signedInAs>>;

  beforeAll(async () => {
    [smtp, slack, standard] = await Promise.all([startSmtpReceiver(), WebhookReceiver.start(), WebhookReceiver.start()]);
    sut = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Lead inbox <leads@example.com>',
        PUBLIC_URL: 'https://leads.example.com',
        DELIVERY_POLL_INTERVAL_MS: '100',
        CONTACT_RATE_LIMIT: '1000',
        WEBHOOKS_ALLOW_PRIVATE: 'true',
      },
    });
    lead = await createAccount(sut, 'admin', { email: 'lea@example.com' });
    member = await createAccount(sut, 'member', { email: 'mia@example.com' });
    viewer = await createAccount(sut, 'viewer', { email: 'vic@example.com' });
    await sut.dataSource.query(`UPDATE users SET notify_new_lead = 'mine' WHERE id = $1`, [viewer.id]);
    teamLead = await signedInAs(sut, lead);
    await teamLead
      .post('/api/admin/webhooks')
      .send({ url: slack.url, events: ['lead.created'], format: 'slack' })
      .expect(201);
    await teamLead
      .post('/api/admin/webhooks')
      .send({ url: standard.url, events: ['lead.created'] })
      .expect(201);
  }, 60_000);
  afterAll(async () => {
    await sut?.close();
    await Promise.all([smtp?.close(), slack?.stop(), standard?.stop()]);
  });
  beforeEach(async () => {
    await emptySubmissions(sut.dataSource);
    await sut.dataSource.query(`UPDATE users SET disabled_at = NULL, role = 'member' WHERE id = $1`, [member.id]);
    smtp.received.length = 0;
    slack.received.length = 0;
    standard.received.length = 0;
  });

  const submit = async (overrides: Record<string, unknown>): Promise<string> =>
    (await request(sut.server).post('/api/contact').send(contactBody(overrides)).expect(201)).body.id;
  const recipientsOf = (subject: string) =>
    smtp.received.filter(({ mail }) => mail.subject === subject).flatMap(({ envelopeTo }) => envelopeTo);
  const createdFor = (id: string) => ({
    text: () => slack.received.find((post) => String(post.json.text).includes(id))?.json.text,
    data: () => standard.received.find((post) => post.json.data?.id === id)?.json.data,
  });

  /** Ada's first lead, assigned by the team lead to the member; waits for its e-mails and webhooks. */
  const firstLeadOwnedByMember = async (): Promise<string> => {
    const first = await submit({ name: 'Ada Lovelace', email: 'ada@example.com' });
    await teamLead.patch(`/api/admin/contacts/${first}`).send({ assigneeId: member.id }).expect(200);
    await waitFor(
      'the first lead told to all three',
      () => recipientsOf('New lead: Ada Lovelace – Empower Recruiting Team').length === 3,
    );
    await waitFor('its webhooks', () => createdFor(first).text() !== undefined && createdFor(first).data() !== undefined);
    return first;
  };

  it('gives the new submission to the owner, who alone gets "Returning lead: …"; Slack says Returning lead', async () => {
    const first = await firstLeadOwnedByMember();

    // The same person: another case, spaces, a +tag.
    const again = await submit({ name: 'Ada L.', email: ' ADA+again@Example.com', interest: 'partnership' });

    const subject = 'Returning lead: Ada L. – Partnership Opportunities';
    await waitFor('the returning-lead e-mail', () => recipientsOf(subject).length > 0);
    await waitFor('its webhooks', () => createdFor(again).text() !== undefined && createdFor(again).data() !== undefined);
    expect(recipientsOf(subject)).toEqual(['mia@example.com']);
    expect(smtp.received.filter(({ mail }) => mail.subject?.includes('Ada L.'))).toHaveLength(1);
    expect(createdFor(again).text()).toMatch(/^Returning lead: Ada L\. – Partnership Opportunities \(Analytical Engines\)\n/);
    expect(createdFor(again).data()).toMatchObject({ id: again, repeatOf: first, assigneeId: member.id });
    expect(createdFor(first).text()).toMatch(/^New lead: /);
    expect(createdFor(first).data()).toMatchObject({ repeatOf: null, assigneeId: null });

    const detail = (await teamLead.get(`/api/admin/contacts/${again}`).expect(200)).body;
    expect(detail).toMatchObject({ status: 'new', assigneeId: member.id, repeatOf: first });
    expect(detail.assignee).toMatchObject({ id: member.id, username: member.username });
    expect(detail.history).toEqual([
      expect.objectContaining({ action: 'assign', actor: null, detail: { from: null, to: member.id, returning: true } }),
    ]);
  });

  it('treats the person as a new lead when the owner is disabled or no longer a member', async () => {
    await firstLeadOwnedByMember();
    await sut.dataSource.query(`UPDATE users SET role = 'viewer' WHERE id = $1`, [member.id]);

    const again = await submit({ name: 'Ada Again', email: 'ada@example.com' });

    const subject = 'New lead: Ada Again – Empower Recruiting Team';
    await waitFor('the new-lead e-mails', () => recipientsOf(subject).length === 3);
    expect(recipientsOf(subject).sort()).toEqual(['lea@example.com', 'mia@example.com', 'vic@example.com']);
    expect((await teamLead.get(`/api/admin/contacts/${again}`).expect(200)).body.assigneeId).toBeNull();
  });

  it('leaves a person whose earlier leads have no owner to the whole team', async () => {
    await submit({ name: 'Grace', email: 'grace@example.com' });
    const again = await submit({ name: 'Grace Again', email: 'grace@example.com' });

    await waitFor('the new-lead e-mails', () => recipientsOf('New lead: Grace Again – Empower Recruiting Team').length === 3);
    expect((await teamLead.get(`/api/admin/contacts/${again}`).expect(200)).body.assigneeId).toBeNull();
  });
});
