import AxeBuilder from '@axe-core/playwright';
import { expect, signIn, test } from './fixtures';

// Runs before every other project (see playwright.config.ts), on the empty database the
// web server always starts with.
test('the dashboard of an empty database shows the empty state and N/A', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Recent Submissions' })).toBeVisible();
  await expect(page.getByText('No submissions found yet.')).toBeVisible();
  await expect(page.getByTestId('stat-total-submissions')).toHaveText('0');
  await expect(page.getByTestId('stat-this-month')).toHaveText('0');
  await expect(page.getByTestId('stat-companies')).toHaveText('0');
  await expect(page.getByTestId('stat-top-interest')).toHaveText('N/A');
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);

  await page.getByRole('link', { name: 'Go to the contact form' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Recruiting. Rewritten.' })).toBeVisible();
});
