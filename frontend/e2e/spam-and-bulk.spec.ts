import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { createContact, expect, test, unique } from './fixtures';
import { invitedMember, mailWithSubject, MEMBER_PASSWORD } from './mail-inbox';

// Held leads are made the way bots make them: a web address for a company and a throwaway
// address, posted straight to the API (no form token). Each test's leads carry a word of its own.

async function heldLead(request: APIRequestContext, name: string, word: string): Promise<string> {
  return createContact(request, {
    name,
    email: `offer.${word}@mailinator.com`,
    company: `https://cheap-seo-${word}.example.com`,
    interest: 'community',
  });
}

async function signInAs(page: Page, username: string) {
  const res = await page.request.post('/api/auth/login', { data: { username, password: MEMBER_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target) }))).toEqual([]);
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('a member opens Spam, reads why a lead was held, and releases it: its new-lead e-mail goes out then', async ({
  page,
  request,
}) => {
  const word = unique('spam').replace(/\W+/g, '');
  const email = `triage.${word}@example.com`;
  const member = await invitedMember(page, email);
  const name = `Held ${word}`;
  await heldLead(request, name, word);
  await signInAs(page, member.username);

  await page.goto(`/admin?q=${word}`);
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: /^Spam \(\d+\)$/ })
    .click();
  await expect(page).toHaveURL(/view=spam/);
  const held = page.getByRole('article', { name });
  await expect(held).toBeVisible();
  await expect(held).toContainText(/Spam score \d+ of 100/);
  const reasons = held.getByRole('list', { name: 'Why it was held' });
  await expect(reasons).toContainText('A web address in the name or company');
  await expect(reasons).toContainText('Throwaway e-mail address');
  await held.getByRole('button', { name: 'Not spam' }).click();
  await expect(page.getByText(`${name} moved to the inbox`)).toBeVisible();
  await expect(held).toHaveCount(0);

  await mailWithSubject(page.request, email, `New lead: ${name} – TA Builder Community`);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Inbox' }).click();
  await expect(page.getByTestId('submission').filter({ hasText: name })).toHaveCount(1);
});

test('a member ticks five leads by keyboard and assigns them all to themself', async ({ page, request }) => {
  const word = unique('bulk').replace(/\W+/g, '');
  const member = await invitedMember(page, `bulk.${word}@example.com`);
  for (let n = 1; n <= 5; n += 1)
    await createContact(request, { name: `Bulk ${n} ${word}`, email: `bulk${n}.${word}@example.com`, interest: 'partnership' });
  await signInAs(page, member.username);

  await page.goto(`/admin?q=${word}`);
  await expect(page.getByTestId('submission')).toHaveCount(5);
  const pageBox = page.getByRole('checkbox', { name: 'Select all shown' });
  await expect(pageBox).toBeEnabled();
  // From the search box, Tab reaches the page's box; Space ticks every lead shown.
  await page.getByRole('searchbox', { name: 'Search' }).focus();
  for (let step = 0; step < 40 && !(await pageBox.evaluate((box) => box === document.activeElement)); step += 1)
    await page.keyboard.press('Tab');
  await expect(pageBox).toBeFocused();
  await page.keyboard.press('Space');
  const bar = page.getByRole('region', { name: '5 selected' });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  const assignee = bar.getByRole('combobox', { name: 'Set assignee' });
  await assignee.focus();
  await page.keyboard.type(member.username);
  await expect(assignee.locator('option:checked')).toHaveText(`${member.username} (me)`);
  await page.keyboard.press('Tab');
  await expect(bar.getByRole('button', { name: 'Apply' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByText('5 leads updated')).toBeVisible();
  await expect(bar).toHaveCount(0);
  for (let n = 1; n <= 5; n += 1)
    await expect(page.getByRole('combobox', { name: `Assignee of Bulk ${n} ${word}` }).locator('option:checked')).toHaveText(
      `${member.username} (me)`,
    );
  await page.goto(`/admin?q=${word}&assignee=me`);
  await expect(page.getByTestId('submission')).toHaveCount(5);
});

test('the Spam view and the bar: no axe violations, and no horizontal scroll at 375 px', async ({ page, request }) => {
  const word = unique('axe').replace(/\W+/g, '');
  const member = await invitedMember(page, `axe.${word}@example.com`);
  await heldLead(request, `Held one ${word}`, word);
  await heldLead(request, `Held two ${word}`, `${word}b`);
  await signInAs(page, member.username);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/admin?view=spam&q=${word}`);
  await expect(page.getByRole('article', { name: `Held one ${word}` })).toBeVisible();
  await page.getByRole('checkbox', { name: `Select Held one ${word}` }).check();
  await expect(page.getByRole('region', { name: '1 selected' })).toBeVisible();
  await page.getByRole('checkbox', { name: `Select Held two ${word}` }).check();
  const bar = page.getByRole('region', { name: '2 selected' });
  await expect(bar.getByRole('button', { name: 'Not spam' })).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);
  // Escape in the bar unticks them.
  await bar.getByRole('button', { name: 'Not spam' }).focus();
  await page.keyboard.press('Escape');
  await expect(bar).toHaveCount(0);
});
