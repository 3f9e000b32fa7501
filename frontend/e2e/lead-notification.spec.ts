import { expect, SUBMIT_LABEL, test, unique } from './fixtures';
import { invitedMember, mailWithSubject, MEMBER_PASSWORD } from './mail-inbox';

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
  const mail = await mailWithSubject(page.request, email, subject);
  const link = /^Open the lead: (\S+)$/m.exec(mail.text)![1];

  const res = await page.request.post('/api/auth/login', { data: { username: member.username, password: MEMBER_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(link);
  await expect(page.getByRole('dialog', { name: 'Submission details' }).getByRole('article', { name })).toBeVisible();
});
