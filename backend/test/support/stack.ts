import type { Server } from 'node:http';
import request from 'supertest';
import { contactBody } from './contacts.js';
import { DEV_ADMIN } from './test-app.js';

/**
 * A stack with some of everything a team's database holds, made through the HTTP API
 * only (no SQL), so that it fills the API of an older release as well as the current one
 * (the backup drill, and the fixture of tools/make-release-fixture.ts).
 * The app must run with the development admin (DEV_ADMIN, with an e-mail: ADMIN_EMAIL),
 * SPAM_FILTER=on, WEBHOOKS_ALLOW_PRIVATE=true and a CONTACT_RATE_LIMIT above a dozen.
 */
export interface StackOptions {
  /** A webhook endpoint that answers: its deliveries end delivered. */
  webhookUrl: string;
  /** One that does not (a closed port): its deliveries stay pending, retried. */
  deadWebhookUrl: string;
}

export interface Stack {
  leadIds: string[];
  spamLeadId: string;
  /** The lead with a thread of notes, an assignee and a history. */
  workedLeadId: string;
  usernames: string[];
}

export const STACK_PASSWORD = 'a teammate password 42';

const PROVENANCE = {
  utmSource: 'newsletter',
  utmMedium: 'email',
  utmCampaign: 'spring-hiring',
  utmTerm: 'engineering teams',
  utmContent: 'footer-link',
  referrer: 'https://news.example.com/issue/12',
  landingPath: '/?utm_source=newsletter',
  consentVersion: 'c0ffee12',
};

const SPAM = {
  name: 'Cheap Viagra',
  email: 'sales@pharma.example',
  comments: 'Buy viagra and cialis online, no prescription: https://pharma.example https://pharma.example/order',
};

type App = Server | string;

export async function fillStack(app: App, options: StackOptions): Promise<Stack> {
  const admin = request.agent(app);
  await admin.post('/api/auth/login').send(DEV_ADMIN).expect(200);

  // The team: three accounts through invitations, one invitation left open.
  const usernames = ['mia', 'vic', 'ida'];
  const members: Record<string, { id: string; agent: ReturnType<typeof request.agent> }> = {};
  for (const [username, role] of [
    ['mia', 'member'],
    ['vic', 'viewer'],
    ['ida', 'admin'],
  ]) {
    const { body: invitation } = await admin
      .post('/api/admin/invitations')
      .send({ email: `${username}@example.com`, role })
      .expect(201);
    const agent = request.agent(app);
    const token = String(invitation.inviteUrl).split('#')[1];
    const { body } = await agent
      .post('/api/auth/invitations/accept')
      .send({ token, username, password: STACK_PASSWORD, displayName: `${username} of the team` })
      .expect(201);
    members[username] = { id: body.id, agent };
  }
  await admin.post('/api/admin/invitations').send({ email: 'still-invited@example.com', role: 'member' }).expect(201);

  // Settings and integrations.
  await admin
    .put('/api/admin/settings/auto-reply')
    .send({ enabled: true, subject: 'We got your message', body: 'Hi {name}, thanks!' })
    .expect(200);
  await admin.put('/api/admin/settings/response-time').send({ targetMinutes: 45, businessHours: null }).expect(200);
  await admin
    .post('/api/admin/webhooks')
    .send({ url: options.webhookUrl, events: ['lead.created', 'lead.updated'] })
    .expect(201);
  await admin
    .post('/api/admin/webhooks')
    .send({ url: options.deadWebhookUrl, events: ['lead.created'] })
    .expect(201);

  // Leads: provenance on some, every interest, one retried with its idempotency key, one held as spam.
  const interests = ['empower-team', 'community', 'partnership'];
  const leadIds: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    const body = contactBody({
      name: `Lead Number ${i}`,
      email: `lead${i}@example.org`,
      company: i % 2 === 0 ? `Company ${i}` : undefined,
      interest: interests[i % interests.length],
      comments: `Lead ${i} writes in their own words about hiring.`,
      ...(i < 3 ? PROVENANCE : {}),
    });
    const submit = () => request(app).post('/api/contact').set('Idempotency-Key', `stack-lead-${i}-key`).send(body).expect(201);
    const { body: created } = await submit();
    if (i === 0) await submit(); // the retry answers the first answer and stores nothing
    leadIds.push(created.id);
  }
  const { body: spam } = await request(app).post('/api/contact').send(contactBody(SPAM)).expect(201);

  // The inbox worked: statuses, an assignee, a thread of notes, a history.
  const [worked, second, third] = leadIds;
  const mia = members.mia.agent;
  await admin.patch(`/api/admin/contacts/${worked}`).send({ assigneeId: members.mia.id }).expect(200);
  await mia.patch(`/api/admin/contacts/${worked}`).send({ status: 'contacted' }).expect(200);
  await mia.post(`/api/admin/contacts/${worked}/notes`).send({ body: 'Called her: call back Tuesday.' }).expect(201);
  await admin.post(`/api/admin/contacts/${worked}/notes`).send({ body: 'Tuesday it is.' }).expect(201);
  await admin.patch(`/api/admin/contacts/${second}`).send({ status: 'qualified' }).expect(200);
  await admin.patch(`/api/admin/contacts/${third}`).send({ status: 'archived' }).expect(200);

  return { leadIds, spamLeadId: spam.id, workedLeadId: worked, usernames: ['admin', ...usernames] };
}
