import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

// The rules this file saves match its own leads only (their e-mail domain), and are emptied
// after each test: the other files' leads keep arriving unassigned.
const DOMAIN = 'routing-e2e.example';

async function me(page: Page): Promise<{ id: string; displayName: string }> {
  const res = await page.request.get('/api/auth/me');
  expect(res.status()).toBe(200);
  return (await res.json()) as { id: string; displayName: string };
}

test.afterEach(async ({ page }) => {
  await page.request.put('/api/admin/routing', { data: { rules: [], fallback: null } });
  await page.request.patch('/api/auth/me', { data: { away: false } });
});

test('an admin builds rules, reorders them by keyboard, tries a lead and saves; a stale save is refused', async ({
  page,
  consoleGuard,
}) => {
  // The stale save's 412, which the page expects and explains.
  consoleGuard.allow(/status of 412 \(Precondition Failed\) @ .*\/api\/admin\/routing$/);
  await signIn(page);
  const admin = await me(page);
  await page.goto('/admin');
  // Settings in the header, then Routing in the page's list of sections.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Routing' }).click();
  await expect(page).toHaveURL(/\/admin\/settings#routing$/);
  // The settings page's other sections share the page: the rest of the test keeps to Routing's.
  const routing = page.getByRole('region', { name: 'Routing', exact: true });
  await expect(routing.getByRole('heading', { level: 2, name: 'Routing' })).toBeInViewport();
  await expect(routing.getByText('No rules yet.')).toBeVisible();

  // The first rule: interest is partnership.
  await page.getByRole('button', { name: 'Add rule' }).click();
  const first = page.getByRole('region', { name: 'Rule 1: Rule 1' });
  await first.getByLabel('Rule name').fill('Partnerships');
  const partnerships = page.getByRole('region', { name: 'Rule 1: Partnerships' });
  await partnerships.getByRole('button', { name: 'Add condition' }).click();
  await partnerships.getByLabel('Value').fill('partnership');
  await partnerships.getByRole('checkbox', { name: admin.displayName, exact: true }).check();

  // The second: the e-mail domain ends with this file's, taken by fewest open leads.
  await page.getByRole('button', { name: 'Add rule' }).click();
  await page.getByRole('region', { name: 'Rule 2: Rule 2' }).getByLabel('Rule name').fill('Our domain');
  const domain = page.getByRole('region', { name: 'Rule 2: Our domain' });
  await domain.getByRole('button', { name: 'Add condition' }).click();
  await domain.getByRole('combobox', { name: 'Field' }).click();
  await page.getByRole('option', { name: 'E-mail domain' }).click();
  await domain.getByRole('combobox', { name: 'Operator' }).click();
  await page.getByRole('option', { name: 'ends with' }).click();
  await domain.getByLabel('Value').fill(DOMAIN);
  await domain.getByRole('checkbox', { name: admin.displayName, exact: true }).check();
  await domain.getByRole('combobox', { name: 'How Our domain takes turns' }).click();
  await page.getByRole('option', { name: 'Fewest open leads' }).click();

  // Reordered with the keyboard alone: the focus stays with the rule as it moves.
  await domain.getByRole('button', { name: 'Move Our domain up' }).focus();
  await page.keyboard.press('Enter');
  await expect(routing.getByRole('heading', { level: 4 })).toHaveText(['1. Our domain', '2. Partnerships']);
  // At the top its "Move up" is disabled: "Move down" has the focus.
  await expect(page.getByRole('button', { name: 'Move Our domain down' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(routing.getByRole('heading', { level: 4 })).toHaveText(['1. Partnerships', '2. Our domain']);
  await expect(page.getByRole('button', { name: 'Move Our domain up' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(routing.getByRole('heading', { level: 4 })).toHaveText(['1. Our domain', '2. Partnerships']);

  await page.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('The routing rules are saved.')).toBeVisible();
  const saved = (await (await page.request.get('/api/admin/routing')).json()) as { rules: Array<{ name: string }> };
  expect(saved.rules.map((rule) => rule.name)).toEqual(['Our domain', 'Partnerships']);

  // A sample lead: who and why, from the dry run.
  await routing.getByLabel('E-mail', { exact: true }).fill(`sam@${DOMAIN}`);
  await page.getByRole('button', { name: 'Try it' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Goes to' })).toHaveText(
    `Goes to ${admin.displayName}, by the rule Our domain, fewest open leads.`,
  );
  await routing.getByLabel('E-mail', { exact: true }).fill('sam@elsewhere.example');
  await page.getByRole('button', { name: 'Try it' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Goes to' })).toContainText('Nobody: the lead would arrive unassigned');

  // Someone else saves meanwhile: this page's save is refused, says so and shows their rules.
  const theirs = {
    name: 'Theirs',
    when: [{ field: 'emailDomain', op: 'is', value: DOMAIN }],
    pool: [admin.id],
    strategy: 'round-robin',
  };
  expect((await page.request.put('/api/admin/routing', { data: { rules: [theirs], fallback: null } })).status()).toBe(200);
  await page.getByRole('button', { name: 'Remove Partnerships' }).click();
  await page.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('Someone else saved the routing rules while you were editing them.')).toBeVisible();
  await expect(routing.getByRole('heading', { level: 4 })).toHaveText(['1. Theirs']);
});

test('a person marks themselves away from the header, and the routing page shows it', async ({ page }) => {
  await signIn(page);
  const admin = await me(page);
  await page.goto('/admin/settings/routing');
  await expect(page.getByText('Nobody is away.')).toBeVisible();
  const away = page.getByRole('button', { name: 'Away', exact: true });
  await expect(away).toHaveAttribute('aria-pressed', 'false');
  await away.click();
  await expect(away).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('You are away')).toBeVisible();
  await expect(page.getByText(`Away now (routing skips them): ${admin.displayName}.`)).toBeVisible();
  expect(((await (await page.request.get('/api/auth/me')).json()) as { away: boolean }).away).toBe(true);

  // Still away on another page; then back.
  await page.goto('/admin');
  await expect(page.getByRole('button', { name: 'Away', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Away', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Away', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('You are away')).toBeHidden();
});
