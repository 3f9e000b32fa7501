import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createContact, expect, signIn, test } from './fixtures';

let serial = 0;
const token = () => `zr${Date.now().toString(36)}${(serial += 1)}`;

// The browser's clock reads about noon (a zone chosen for the hour the test runs), so that
// "Today" is a follow-up due at once rather than at 09:00 still to come.
const noonOffset = 12 - new Date().getUTCHours();
test.use({ timezoneId: noonOffset === 0 ? 'Etc/GMT' : `Etc/GMT${noonOffset > 0 ? '-' : '+'}${Math.abs(noonOffset)}` });

const rows = (page: Page) => page.getByTestId('submission');
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Submission details' });

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('a follow-up set from the drawer shows in the Follow-ups view, and is done', async ({ page, request }) => {
  const word = token();
  const name = `Follow ${word}`;
  const id = await createContact(request, { name, email: `follow.${word}@example.com`, interest: 'community' });

  await page.goto(`/admin?q=${word}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).getByTestId('response-time')).toHaveText(/^waiting \d+ min$/);
  await page.getByRole('button', { name: 'Follow-ups' }).click();
  await expect(page).toHaveURL(/[?&]followUp=due/);
  await expect(page.getByText('No submissions match these filters.')).toBeVisible();

  await page.goto(`/admin?q=${word}&lead=${id}`);
  await expect(drawer(page).getByTestId('first-response')).toHaveText(/^Waiting \d+ min/);
  await expect(drawer(page).getByTestId('follow-up')).toHaveText('No follow-up set.');
  await drawer(page).getByRole('button', { name: 'Today' }).click();
  await expect(drawer(page).getByTestId('follow-up')).toHaveText(/^Due since /);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Follow-ups' }).click();
  await expect(page).toHaveURL(/[?&]followUp=due/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).getByRole('button', { name })).toBeVisible();

  // Done, it leaves the view.
  await rows(page).getByRole('button', { name }).click();
  await drawer(page).getByRole('button', { name: 'Done' }).click();
  await expect(drawer(page).getByTestId('follow-up')).toHaveText('No follow-up set.');
  await page.keyboard.press('Escape');
  await expect(page.getByText('No submissions match these filters.')).toBeVisible();
});

test('the response-time panel draws its chart with the target, with no axe violations and no horizontal scroll at 375 px', async ({
  page,
  request,
}) => {
  const word = token();
  // From a newsletter link: the report lists its source.
  const created = await request.post('/api/contact', {
    data: { name: `Answered ${word}`, email: `answered.${word}@example.com`, interest: 'community', utmSource: `news${word}` },
  });
  expect(created.status()).toBe(201);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/admin?q=${word}`);
  await expect(rows(page)).toHaveCount(1);
  await rows(page)
    .getByRole('combobox', { name: `Status of Answered ${word}` })
    .selectOption('contacted');
  await expect(rows(page).getByTestId('response-time')).toHaveText(/^answered in \d+ min$/);

  const panel = page.getByRole('region', { name: 'Response time' });
  await page.getByTestId('response-report').scrollIntoViewIfNeeded();
  await expect(panel.getByTestId('response-figures')).toBeVisible();
  await expect(panel.getByRole('cell', { name: `news${word}` })).toBeVisible();
  const chart = panel.getByTestId('response-chart').first();
  await expect(chart.locator('svg').first()).toBeVisible();
  await expect(chart.getByText(/^Target \d+ min$/)).toBeVisible();
  await panel.getByRole('combobox', { name: 'Period' }).selectOption('7');
  await expect(panel.getByRole('cell', { name: `news${word}` })).toBeVisible();

  const results = await new AxeBuilder({ page }).include('[data-testid="response-report"]').analyze();
  expect(results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target) }))).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
});
