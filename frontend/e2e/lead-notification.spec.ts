import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, SUBMIT_LABEL, test, unique } from './fixtures';

interface Mail {
  subject: string;
  text: string;
}

const PASSWORD = 'a teammate password 42';

/** The e-mails `to` received so far (e2e/mail-receiver.ts's inbox). */
async function mailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const res = await request.get(`http://127.0.0.1:${process.env.E2E_MAIL_INBOX_PORT}/mails?to=${encodeURIComponent(to)}`);
  return (await res.json()) as Mail[];
}

/** A member with an address, made by the admin's invitation; instant new-lead e-mails are their default. */
async function invitedMember(page: Page, email: string): Promise<{ username: string }> {
  await signIn(page);
  const invited = await page.request.post('/api/admin/invitations', { data: { email, role: 'member' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URL(((await invited.json()) as { inviteUrl: string }).inviteUrl).hash.slice(1);
  const username = email.split('@')[0];
  await page.request.post('/api/auth/logout');
  await page.context().clearCookies();
  const accepted = await page.request.post('/api/auth/invitations/accept', { data: { token, username, password: PASSWORD } });
  expect(accepted.status(), await accepted.text()).toBe(201);
  await page.context().clearCookies();
  return { username };
}

test('a visitor submits the form, the team member gets the e-mail, and its link opens that lead', async ({ page }) => {
  const word = unique('mail').replace(/\W+/g, '');
  const email = `notified.${word}@example.com`;
  const member = await invitedMember(page, email);

  const name = `Notified ${word}`;
  await page.goto('/');
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email Address').fill(`visitor.${word}@example.com`);
  await page.getByLabel("I'm interested in...").selectOption('empower-team');
  await page.getByRole('button', { name: SUBMIT_LABEL }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();

  const subject = `New lead: ${name} – Empower Recruiting Team`;
  await expect
    .poll(async () => (await mailsTo(page.request, email)).map((mail) => mail.subject), { timeout: 15_000 })
    .toContain(subject);
  const mail = (await mailsTo(page.request, email)).find((received) => received.subject === subject)!;
  const link = /^Open the lead: (\S+)$/m.exec(mail.text)![1];

  const res = await page.request.post('/api/auth/login', { data: { username: member.username, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(link);
  await expect(page.getByRole('dialog', { name: 'Submission details' }).getByRole('article', { name })).toBeVisible();
});
