import { expect, SIGNED_OUT_ME, test, unique } from './fixtures';
import { invitedMember, mailWithSubject, MEMBER_PASSWORD } from './mail-inbox';

const NEW_PASSWORD = 'a brand new passphrase 77';

test('"Forgot password?" e-mails a link that sets a new password once, and the old one stops working', async ({
  page,
  consoleGuard,
}) => {
  // Signed out, /admin asks who is signed in (401); the used link's second try answers 410.
  consoleGuard.allow(SIGNED_OUT_ME);
  consoleGuard.allow(/status of 410 .* @ .*\/api\/auth\/password-reset\/confirm$/);
  const word = unique('forgot').replace(/\W+/g, '');
  const email = `forgot.${word}@example.com`;
  const member = await invitedMember(page, email);

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/admin\/reset$/);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account has this address' })).toBeVisible();

  const mail = await mailWithSubject(page.request, email, 'Reset your password');
  const link = /^Choose a new password: (\S+)$/m.exec(mail.text)![1];
  expect(new URL(link).pathname).toBe('/admin/reset');

  // The e-mail gives the username too, which the sign-in form asks for.
  expect(mail.text).toContain(`Your username is ${member.username}.`);

  // The link pasted into the tab that asked for it: only the fragment changes, and the page follows it.
  await page.goto(link);
  await page.getByRole('textbox', { name: 'New password' }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password is changed.' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in with it' }).click();

  // Signed in by the e-mail address, in another letter case: the username is not needed.
  await page.getByLabel('Username').fill(email.toUpperCase());
  await page.getByRole('textbox', { name: 'Password' }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Recent Submissions' })).toBeVisible();

  const old = await page.request.post('/api/auth/login', { data: { username: member.username, password: MEMBER_PASSWORD } });
  expect(old.status()).toBe(401);

  // The link works once: opened again, it says so and offers a new one. (The dashboard is
  // left first: its requests still under way would answer 401 once the cookies are gone.)
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByRole('textbox', { name: 'New password' }).fill('yet another passphrase 99');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This link is no longer valid.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the link' })).toBeVisible();
});
