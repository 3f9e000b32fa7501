import type { Page } from '@playwright/test';
import { calcomBooking, postCalcomBooking } from './booking';
import { createContact, expect, signIn, test, unique } from './fixtures';

// The wide screen's lead table on a laptop: every column inside its box (no sideways
// scrolling) from 1280 px wide, also with a long comment, which stays on one line. It prints
// how many rows the first screen shows whole (inbox-first-screen.spec.ts holds it to a dozen).
// Narrower, from 900 px (where the table takes over from the cards) to 1100 px, the time
// received is still read whole, and so is a booked meeting's: no part of either is cut.

// A long comment with a run no line can break (a pasted link), the kind that widened the table.
const LONG_COMMENT = `We are hiring across three continents. ${'https://careers.example.com/jobs/'.padEnd(180, 'x')} ${'More about our goals. '.repeat(60)}`;

async function measure(page: Page) {
  const table = page.getByRole('table', { name: 'Recent Submissions' });
  await expect(table.getByTestId('submission').first()).toBeVisible();
  return page.evaluate(() => {
    const table = document.querySelector<HTMLElement>('table[aria-labelledby="recent-submissions"]')!;
    const box = table.parentElement!;
    const rows = [...table.querySelectorAll<HTMLElement>('[data-testid="submission"]')];
    const fullyVisible = rows.filter((row) => {
      const rect = row.getBoundingClientRect();
      return rect.top >= 0 && rect.bottom <= window.innerHeight;
    }).length;
    return { tableWidth: table.scrollWidth, boxWidth: box.clientWidth, boxScrollWidth: box.scrollWidth, fullyVisible };
  });
}

/** The texts of the Received column that run past their cell's content box (cut), one per row at most. */
async function cutReceivedTexts(page: Page) {
  const table = page.getByRole('table', { name: 'Recent Submissions' });
  await expect(table.getByTestId('submission').first()).toBeVisible();
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const when of document.querySelectorAll<HTMLElement>('.lead-table__when')) {
      const cell = when.closest('td')!;
      const style = getComputedStyle(cell);
      const box = cell.getBoundingClientRect();
      const left = box.left + parseFloat(style.paddingLeft);
      const right = box.right - parseFloat(style.paddingRight);
      const walker = document.createTreeWalker(when, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || !(node.parentElement as HTMLElement).offsetParent) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        // The laid-out text, ellipsis or not: a part past the content box is not shown.
        if ([...range.getClientRects()].some((rect) => rect.left < left - 0.5 || rect.right > right + 0.5)) {
          cut.push(`${node.textContent} (cell ${Math.round(right - left)} px)`);
          break;
        }
      }
    }
    return cut;
  });
}

test.describe('the lead table on a laptop', () => {
  test.beforeAll(async ({ request }) => {
    for (let i = 0; i < 15; i++) {
      const name = unique('Laptop Lead');
      const id = await createContact(request, {
        name,
        email: `${name.replaceAll(' ', '.').toLowerCase()}@example.com`,
        company: `Company of ${name}`,
        linkedin: 'https://www.linkedin.com/in/laptop-lead',
        interest: 'partnership',
        // Each its own words: the same comments from three addresses within the hour read as spam.
        comments: i === 14 ? LONG_COMMENT : `We hire ${i + 2} recruiters for team ${name}.`,
      });
      // The newest lead has booked a call: "Meeting: <time>" under its time received.
      if (i === 14) {
        const start = new Date(Date.now() + 3 * 86_400_000);
        await postCalcomBooking(request, calcomBooking('BOOKING_CREATED', unique('laptop-booking'), id, start));
      }
    }
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1440, height: 900 },
  ]) {
    test(`shows every column without sideways scrolling at ${viewport.width}×${viewport.height}, a long comment on one line`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signIn(page);
      await page.goto('/admin');
      const figures = await measure(page);
      console.log(`lead table at ${viewport.width}×${viewport.height}: ${JSON.stringify(figures)}`);

      expect(figures.boxScrollWidth).toBeLessThanOrEqual(figures.boxWidth);
      expect(figures.tableWidth).toBeLessThanOrEqual(figures.boxWidth);
      const table = page.getByRole('table', { name: 'Recent Submissions' });
      for (const header of ['Lead', 'Company', 'Interest', 'Status', 'Assignee', 'Received']) {
        const cell = table.getByRole('columnheader', { name: header });
        await expect(cell).toBeInViewport({ ratio: 1 });
      }
      // The long comment is one line with an ellipsis, its whole text in the drawer.
      const long = table.getByTestId('submission').filter({ hasText: 'We are hiring across three continents.' }).first();
      const comment = long.locator('.lead-comments__text');
      const lineHeight = await comment.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
      expect((await comment.boundingBox())!.height).toBeLessThanOrEqual(lineHeight + 1);
      await expect(long.getByRole('button', { name: /^Laptop Lead/ })).toBeInViewport();
      // No label shown in each row (the column's header names it; screen readers still hear it).
      const label = await long.getByText('Additional Comments:').boundingBox();
      expect(label!.width).toBeLessThanOrEqual(1);
      expect(await cutReceivedTexts(page)).toEqual([]);
    });
  }

  for (const width of [900, 1000, 1100]) {
    test(`shows the whole time received at ${width} px wide`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page);
      await page.goto('/admin');
      expect(await cutReceivedTexts(page)).toEqual([]);
    });
  }
});
