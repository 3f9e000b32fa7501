import type { Page } from '@playwright/test';
import { createContact, expect, signIn, test, unique } from './fixtures';

// The first screen of a team lead's laptop: at 1440×900, with a day's 46 leads, at least 12 of
// them fully visible before any scrolling (rows of two lines, comments on one line, the heading
// beside compact stat cards, the views beside the search, the filters' groups sharing rows).
// It prints the count and the row's height at both laptop sizes (before: 1 and 0, rows 135 px).

const LEADS = 46;
const INTERESTS = ['partnership', 'empower-team', 'community'] as const;

/** How many leads the first screen shows whole: their row's top and bottom inside the window. */
function leadsOnFirstScreen(page: Page) {
  return page.getByTestId('submission').evaluateAll(
    (rows) =>
      rows.filter((row) => {
        const rect = row.getBoundingClientRect();
        return rect.top >= 0 && rect.bottom <= window.innerHeight && rect.height > 0;
      }).length,
  );
}

test.describe("a laptop's first screen", () => {
  test.beforeAll(async ({ request }) => {
    for (let i = 0; i < LEADS; i++) {
      const name = unique('Screen Lead');
      await createContact(request, {
        name,
        email: `${name.replaceAll(' ', '.').toLowerCase()}@example.com`,
        company: i % 3 ? `Company ${i}` : '',
        linkedin: i % 2 ? 'https://www.linkedin.com/in/screen-lead' : '',
        interest: INTERESTS[i % INTERESTS.length],
        // Each its own words: the same comments from three addresses within the hour read as spam.
        comments: i % 4 ? `We hire ${i + 2} recruiters for ${name}, and want them placed before the quarter ends.` : '',
      });
    }
  });

  // 1280×800 shows 10 here; one row of slack for another machine's fonts.
  for (const viewport of [
    { width: 1440, height: 900, atLeast: 12 },
    { width: 1280, height: 800, atLeast: 9 },
  ]) {
    test(`shows at least ${viewport.atLeast} leads whole at ${viewport.width}×${viewport.height}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signIn(page);
      await page.goto('/admin');
      await expect(page.getByTestId('submission').nth(LEADS - 1)).toBeAttached();
      const count = await leadsOnFirstScreen(page);
      const rowHeight = await page
        .getByTestId('submission')
        .first()
        .evaluate((row) => row.getBoundingClientRect().height);
      console.log(`leads fully visible at ${viewport.width}×${viewport.height}: ${count} (row height ${rowHeight} px)`);
      expect(count).toBeGreaterThanOrEqual(viewport.atLeast);
    });
  }
});

test.describe('the time zone the dashboard counts in', () => {
  // Not the machine's zone, so that a zone read anywhere but in this browser would show.
  test.use({ timezoneId: 'Pacific/Chatham' });

  test("is the browser's, read before the first screen (lib/time-zone.ts reads it on a worker)", async ({ page }) => {
    await signIn(page);
    const analytics = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/admin/analytics');
    await page.goto('/admin');
    expect(new URL((await analytics).url()).searchParams.get('tz')).toBe('Pacific/Chatham');
    // The export, a link drawn with the first screen, carries the same zone.
    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    await expect(exportLink).toBeVisible();
    const exportHref = await exportLink.getAttribute('href');
    expect(new URLSearchParams(exportHref!.split('?')[1]).get('tz')).toBe('Pacific/Chatham');
  });
});

test.describe("the dashboard's stylesheets", () => {
  test('come written into its page: none of them is downloaded again as its code loads', async ({ page }) => {
    await signIn(page);
    const downloaded: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') downloaded.push(new URL(request.url()).pathname);
    });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Recent Submissions' })).toBeVisible();
    const written = await page.locator('style').evaluateAll((styles) => styles.map((style) => style.textContent?.trim()));
    const again: string[] = [];
    for (const file of downloaded) {
      const text = (await (await page.request.get(file)).text()).trim();
      if (written.includes(text)) again.push(file);
    }
    expect(again).toEqual([]);
  });
});
