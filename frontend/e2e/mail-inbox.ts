import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn } from './fixtures';

export interface Mail {
  subject: string;
  text: string;
}

/** The password the teammates of `invitedMember` sign in with. */
export const MEMBER_PASSWORD = 'a teammate password 42';

/** The e-mails `to` received so far (e2e/mail-receiver.ts's inbox). */
export async function mailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const res = await request.get(`http://127.0.0.1:${process.env.E2E_MAIL_INBOX_PORT}/mails?to=${encodeURIComponent(to)}`);
  return (await res.json()) as Mail[];
}

/** Waits (up to 15 s) for the e-mail to `to` with `subject`, and answers it. */
export async function mailWithSubject(request: APIRequestContext, to: string, subject: string): Promise<Mail> {
  await expect.poll(async () => (await mailsTo(request, to)).map((mail) => mail.subject), { timeout: 15_000 }).toContain(subject);
  return (await mailsTo(request, to)).find((mail) => mail.subject === subject)!;
}

/** A member with an address, made by the admin's invitation; new-lead e-mails of their own and unassigned leads (`mine`) are their default. */
export async function invitedMember(page: Page, email: string): Promise<{ username: string }> {
  await signIn(page);
  const invited = await page.request.post('/api/admin/invitations', { data: { email, role: 'member' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URL(((await invited.json()) as { inviteUrl: string }).inviteUrl).hash.slice(1);
  const username = email.split('@')[0];
  await page.request.post('/api/auth/logout');
  await page.context().clearCookies();
  const accepted = await page.request.post('/api/auth/invitations/accept', {
    data: { token, username, password: MEMBER_PASSWORD },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  await page.context().clearCookies();
  return { username };
}
