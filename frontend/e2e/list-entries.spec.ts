import type { Locator, Page } from '@playwright/test';
import { createContact, expect, signIn, test, unique } from './fixtures';

// Every entry of "Recent Submissions" shows the name, the e-mail, an interest badge,
// the time in local format, and the company, the LinkedIn link and the comments when present.
// Checked on the wide screen's table and on the phone's list, with a full lead and a bare one.

const full = () => {
  const name = unique('Full Entry');
  return {
    name,
    email: `${name.replaceAll(' ', '.').toLowerCase()}@example.com`,
    company: `Company of ${name}`,
    linkedin: 'https://www.linkedin.com/in/full-entry',
    interest: 'partnership' as const,
    comments: 'We hire <b>forty</b> engineers a year.\nSecond line of the goals.',
  };
};

async function expectLocalTime(page: Page, entry: Locator) {
  const time = entry.locator('time');
  const iso = await time.getAttribute('datetime');
  const local = await page.evaluate((value) => new Date(value!).toLocaleString(), iso);
  await expect(time).toHaveText(local);
}

async function expectFullEntry(page: Page, entry: Locator, lead: ReturnType<typeof full>) {
  await expect(entry.getByRole('button', { name: lead.name })).toBeVisible();
  await expect(entry.getByText(lead.email)).toBeVisible();
  await expect(entry.getByText(lead.company)).toBeVisible();
  // The badge (lead-parts.css), labelled with the interest.
  await expect(entry.locator('.interest-chip', { hasText: 'Partnership Opportunities' })).toBeVisible();
  const profile = entry.getByRole('link', { name: 'LinkedIn Profile' });
  await expect(profile).toHaveAttribute('href', lead.linkedin);
  await expect(profile).toHaveAttribute('target', '_blank');
  await expect(profile).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(entry.getByText('Additional Comments:')).toBeVisible();
  // Typed markup stays text.
  await expect(entry.getByText('We hire <b>forty</b> engineers a year.', { exact: false })).toBeVisible();
  await expect(entry.locator('b')).toHaveCount(0);
  await expectLocalTime(page, entry);
}

async function expectBareEntry(page: Page, entry: Locator, name: string) {
  await expect(entry.getByRole('button', { name })).toBeVisible();
  await expect(entry.locator('.interest-chip', { hasText: 'TA Builder Community' })).toBeVisible();
  await expect(entry.getByRole('link', { name: 'LinkedIn Profile' })).toHaveCount(0);
  await expect(entry.getByText('Additional Comments:')).toHaveCount(0);
  await expect(entry.getByText(/^Company of/)).toHaveCount(0);
  await expectLocalTime(page, entry);
}

for (const screen of [
  { kind: 'table', width: 1280, height: 800 },
  { kind: 'phone list', width: 375, height: 812 },
]) {
  test(`each entry of the ${screen.kind} shows every part of an entry it has`, async ({ page, request }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    const lead = full();
    const bare = unique('Bare Entry');
    await createContact(request, lead);
    await createContact(request, {
      name: bare,
      email: `${bare.replaceAll(' ', '.').toLowerCase()}@example.com`,
      interest: 'community',
    });
    await signIn(page);
    await page.goto('/admin');

    const entries = page.getByTestId('submission');
    await expectFullEntry(page, entries.filter({ has: page.getByRole('button', { name: lead.name }) }), lead);
    await expectBareEntry(page, entries.filter({ has: page.getByRole('button', { name: bare }) }), bare);
  });
}

test('at 1280 × 800 the list comes right below the cards and its first lead is on the first screen', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const name = unique('First Screen');
  await createContact(request, { name, email: `${name.replaceAll(' ', '.').toLowerCase()}@example.com`, interest: 'community' });
  await signIn(page);
  await page.goto('/admin');

  const firstLead = page.getByTestId('submission').first();
  await expect(firstLead).toBeInViewport();
  const listTop = (await page.getByRole('heading', { name: 'Recent Submissions' }).boundingBox())!.y;
  const cardsBottom = await page.getByTestId('stat-cards').evaluate((node) => node.getBoundingClientRect().bottom);
  const trendTop = (await page.getByTestId('trend-chart').boundingBox())!.y;
  expect(listTop).toBeGreaterThan(cardsBottom);
  expect(trendTop).toBeGreaterThan(listTop);
});
