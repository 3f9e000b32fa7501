import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ADMIN, expect, signIn, test, unique } from './fixtures';
import { totpCode } from './totp';

const PASSWORD = 'e2e amber orchard kettle 3';
const STEP_MS = 30_000;

/** A new member signed in in `page`'s context (invited by the admin, through the API). */
async function newMember(page: Page, adminPage: Page): Promise<string> {
  const username = unique('tfa').replace(/\W+/g, '-');
  const res = await adminPage.request.post('/api/admin/invitations', {
    data: { email: `${username}@example.com`, role: 'member' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const token = new URL(((await res.json()) as { inviteUrl: string }).inviteUrl).hash.slice(1);
  const accepted = await page.request.post('/api/auth/invitations/accept', { data: { token, username, password: PASSWORD } });
  expect(accepted.status(), await accepted.text()).toBe(201);
  return username;
}

async function expectNoAxeViolationsAndNoScroll(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition)));
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target) }))).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

test('a member ends another session, turns on two-factor sign-in from the Account page and signs in with a code', async ({
  page,
  browser,
  consoleGuard,
}) => {
  test.slow(); // two browser contexts, axe on three screens
  // The sign-in that asks for the code answers 401, which the browser logs.
  consoleGuard.allow(/status of 401 .* @ .*\/api\/auth\/login$/);
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage);
  const username = await newMember(page, adminPage);

  // A second browser signs in as the same member.
  const laptopContext = await browser.newContext({
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  });
  const laptop = await laptopContext.request.post('/api/auth/login', { data: { username, password: PASSWORD } });
  expect(laptop.status()).toBe(200);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/admin/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Your sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Recent sign-ins' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.locator('button[type="submit"]:disabled')).toHaveCount(0);
  await expectNoAxeViolationsAndNoScroll(page);

  // Ends the laptop's session: its next request is refused.
  await sessions.getByRole('button', { name: /^End session: Firefox on Linux/ }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  expect((await laptopContext.request.get('/api/auth/me')).status()).toBe(401);
  await laptopContext.close();

  // Sets up two-factor sign-in after the password: the QR code and the key for an authenticator app.
  await page.getByRole('form', { name: 'Set up two-factor sign-in' }).getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: /QR code of the two-factor secret/ })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolationsAndNoScroll(page);
  await page.getByLabel('Authentication code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();

  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectNoAxeViolationsAndNoScroll(page);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Two-factor sign-in is on')).toBeVisible();

  // The team list marks it.
  await adminPage.goto('/admin/team');
  await expect(adminPage.getByRole('article', { name: new RegExp(username) })).toContainText('2FA');
  await adminContext.close();

  // Signs out, then in: the password, then the code (the next step's: the current one turned it on).
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await expectNoAxeViolationsAndNoScroll(page);
  await page.getByLabel('Authentication code').fill(totpCode(secret, Date.now() + STEP_MS));
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.getByText('Two-factor sign-in is on')).toBeVisible();
  expect(ADMIN.username).not.toBe(username);
});
