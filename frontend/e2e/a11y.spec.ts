import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, NOT_FOUND_PAGE, signIn, SIGNED_OUT_ME, SUBMIT_LABEL, test } from './fixtures';

async function expectNoAxeViolations(page: Page) {
  // Colours read halfway through a transition (a submit button enabled once the page's code runs) are no colours a reader sees for long.
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition)));
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target) }))).toEqual([]);
}

test('the landing page has no axe violations, also with errors shown', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: SUBMIT_LABEL })).toBeEnabled();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: SUBMIT_LABEL }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the sign-in form has no axe violations', async ({ page, consoleGuard }) => {
  consoleGuard.allow(SIGNED_OUT_ME);
  await page.goto('/admin');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expectNoAxeViolations(page);
});

test('the dashboard has no axe violations', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Recent Submissions' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the 404 page reads as the spec says, answers 404 and has no axe violations', async ({ page, consoleGuard }) => {
  consoleGuard.allow(NOT_FOUND_PAGE);
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('404 at 375 px wide has no horizontal scroll', async ({ page, consoleGuard }) => {
  consoleGuard.allow(NOT_FOUND_PAGE);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/missing');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
});

test('a visible toast has no axe violations', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 500 .* @ .*\/api\/contact$/);
  await page.goto('/');
  await page.getByLabel('Full Name').fill('Axe Tester');
  await page.getByLabel('Email Address').fill('axe@example.com');
  await page.getByLabel("I'm interested in...").selectOption('partnership');
  await page.route('**/api/contact', (route) => route.fulfill({ status: 500, body: 'Internal error' }));
  await page.getByRole('button', { name: SUBMIT_LABEL }).click();
  await expect(page.getByTestId('toast')).toContainText('500: Internal error');
  await expectNoAxeViolations(page);
});

test('the thank-you panel has no axe violations', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Full Name').fill('Axe Thanks');
  await page.getByLabel('Email Address').fill('axe.thanks@example.com');
  await page.getByLabel("I'm interested in...").selectOption('empower-team');
  await page.getByRole('button', { name: SUBMIT_LABEL }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(page.getByTestId('toast')).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the team's pages have no axe violations and no horizontal scroll at 375 px", async ({ page, browser }) => {
  test.slow(); // six pages, each checked by axe
  await page.setViewportSize({ width: 375, height: 812 });
  const signedOutContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const signedOut = await signedOutContext.newPage();
  const pages: [Page, string, string][] = [
    [signedOut, '/admin/reset#not-a-real-token', 'Choose a new password'],
    [signedOut, '/admin/invite#not-a-real-token-but-a-form-to-check', 'Join the team'],
    [signedOut, '/admin/reset', 'Forgot password?'],
    [signedOut, '/admin/confirm-email', 'Confirm your new e-mail address'],
  ];
  await signIn(page);
  pages.push([page, '/admin/account', 'Your account'], [page, '/admin/team', 'Team']);
  for (const [tab, path, heading] of pages) {
    const response = await tab.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(tab.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // The page's code has run: its submit buttons are enabled.
    await expect(tab.locator('button[type="submit"]:disabled')).toHaveCount(0);
    await expectNoAxeViolations(tab);
    expect(await tab.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), path).toBe(
      true,
    );
  }
  await signedOutContext.close();
});
