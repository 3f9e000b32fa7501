import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createContact, expect, signIn, test } from './fixtures';

// Each test makes leads that carry a word no other lead has, and looks at them through a
// search for that word, so tests and earlier runs do not see each other's leads.
let serial = 0;
const token = () => `zq${Date.now().toString(36)}${(serial += 1)}`;

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target) }))).toEqual([]);
}

const rows = (page: Page) => page.getByTestId('submission');
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Submission details' });

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('search narrows the list, lives in the URL and survives a reload', async ({ page, request }) => {
  const word = token();
  await createContact(request, { name: `Ada ${word}`, email: `ada.${word}@example.com`, interest: 'community' });
  await createContact(request, {
    name: 'Grace Q',
    email: `grace.${word}@example.com`,
    company: `${word.toUpperCase()} Ltd`,
    interest: 'partnership',
  });
  await createContact(request, {
    name: 'Someone Else',
    email: `else.${word.slice(0, -1)}x@example.com`,
    interest: 'partnership',
  });

  await page.goto('/admin');
  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByTestId('range-count')).toHaveText('1–2 of 2');

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(word);
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole('row', { name: `Ada ${word}` })).toBeVisible();
});

test('interest and status filters; archived leads are hidden unless asked for', async ({ page, request }) => {
  const word = token();
  await createContact(request, { name: `Community ${word}`, email: `c.${word}@example.com`, interest: 'community' });
  await createContact(request, { name: `Partner ${word}`, email: `p.${word}@example.com`, interest: 'partnership' });
  await page.goto(`/admin?q=${word}`);
  await expect(rows(page)).toHaveCount(2);

  await page.getByRole('group', { name: 'Interest' }).getByRole('button', { name: 'TA Builder Community' }).click();
  await expect(page).toHaveURL(/interest=community/);
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('row', { name: `Community ${word}` })).toBeVisible();
  await page.getByRole('group', { name: 'Interest' }).getByRole('button', { name: 'TA Builder Community' }).click();
  await expect(rows(page)).toHaveCount(2);

  // One choice in the list archives a lead, which leaves the default list.
  const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.status() === 200);
  await page.getByRole('combobox', { name: `Status of Partner ${word}` }).selectOption('archived');
  await patched;
  await expect(rows(page)).toHaveCount(1);

  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Archived' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: `Status of Partner ${word}` })).toHaveValue('archived');
  await page.reload();
  await expect(page.getByRole('combobox', { name: `Status of Partner ${word}` })).toHaveValue('archived');
});

test('a link to /admin?lead=<id> opens that lead; opening and closing a lead keeps the URL in step', async ({
  page,
  request,
}) => {
  const word = token();
  const name = `Linked ${word}`;
  const id = await createContact(request, { name, email: `linked.${word}@example.com`, interest: 'community' });

  await page.goto(`/admin?lead=${id}`);
  await expect(drawer(page).getByRole('article', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Close details' }).click();
  await expect(drawer(page)).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]lead=/);

  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  await expect(rows(page)).toHaveCount(1);
  await rows(page).getByRole('button', { name }).click();
  await expect(drawer(page).getByRole('article', { name })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]lead=${id}`));
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
});

test('the drawer: every field, a note, the status history, the reply box and Send again', async ({ page, request }) => {
  const word = token();
  const name = `Lin ${word}`;
  const id = await createContact(request, {
    name,
    email: `lin.${word}@example.com`,
    linkedin: 'https://www.linkedin.com/in/lin',
    company: 'Looms Inc',
    interest: 'empower-team',
    comments: 'Hiring ten engineers',
  });
  await page.goto(`/admin?q=${word}`);
  await page.getByRole('button', { name }).click();
  const panel = drawer(page);
  const card = panel.getByRole('article', { name });
  await expect(card.getByText('Empower Recruiting Team')).toBeVisible();
  await expect(card.getByText('Looms Inc')).toBeVisible();
  await expect(card.getByText('Hiring ten engineers')).toBeVisible();
  await expect(card.getByRole('link', { name: 'LinkedIn Profile' })).toHaveAttribute('href', 'https://www.linkedin.com/in/lin');
  // The answer goes from the drawer's reply box into the lead's thread, never through a mail program.
  await expect(panel.getByRole('form', { name: 'Reply to the lead' })).toBeVisible();
  await expect(panel.getByRole('link', { name: /Reply by e-mail|mail program/ })).toHaveCount(0);

  await panel.getByRole('textbox', { name: 'New note' }).fill('Call back on Monday');
  await panel.getByRole('button', { name: 'Add note' }).click();
  await expect(panel.getByTestId('note')).toContainText('Call back on Monday');
  await expect(panel.getByRole('textbox', { name: 'New note' })).toHaveValue('');
  await panel.getByRole('combobox', { name: `Status of ${name}` }).selectOption('qualified');
  await expect(panel.getByTestId('history')).toContainText('Status: New → Qualified');
  await expect(panel.getByTestId('history')).toContainText('Note added: “Call back on Monday”');
  await expect(panel.getByText(/Changed by admin on/)).toBeVisible();

  // The note is stored: it is there after a reload, which opens the lead again (from the URL).
  await page.reload();
  await expect(drawer(page).getByTestId('note')).toContainText('Call back on Monday');

  // Delivered once by the worker; "Send again" delivers it a second time.
  const receiver = `http://127.0.0.1:${process.env.E2E_SHEETS_PORT}/received?id=${id}`;
  const received = async () => ((await (await request.get(receiver)).json()) as { count: number }).count;
  await expect.poll(received).toBe(1);
  await drawer(page).getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByTestId('toast')).toContainText('Queued to be sent again');
  await expect.poll(received).toBe(2);
});

test('Export CSV downloads the rows of the current filters, formulas neutralised', async ({ page, request }) => {
  const word = token();
  await createContact(request, {
    name: `Csv One ${word}`,
    email: `one.${word}@example.com`,
    company: '=SUM(A1:A9)',
    interest: 'community',
  });
  await createContact(request, { name: `Csv Two ${word}`, email: `two.${word}@example.com`, interest: 'partnership' });
  await page.goto(`/admin?q=${word}&interest=community`);
  await expect(rows(page)).toHaveCount(1);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await file.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const lines = text.slice(1).trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'id,submitted_at,name,email,linkedin,company,interest,status,comments,utm_source,utm_medium,utm_campaign,referrer,assignee,' +
      'assignee_name,follow_up_at,first_responded_at,response_minutes,notes,last_note',
  );
  expect(lines).toHaveLength(2);
  // Its dates as the screen's clock reads them (the browser's zone): no "Z", no "T".
  expect(lines[1]).toMatch(/,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},/);
  expect(lines[1]).toContain(`Csv One ${word}`);
  expect(lines[1]).toContain("'=SUM(A1:A9)");
});

test('the trend chart draws the chosen range beside the interest breakdown', async ({ page, request }) => {
  const word = token();
  await createContact(request, { name: `Trend ${word}`, email: `t.${word}@example.com`, interest: 'community' });
  const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const trend = (await (await page.request.get(`/api/admin/analytics/trend?tz=${encodeURIComponent(tz)}&days=7`)).json()) as {
    date: string;
    total: number;
  }[];
  await page.goto('/admin?range=7');
  await expect(page.getByRole('heading', { name: 'Submissions a day, last 7 days' })).toBeVisible();
  const chart = page.getByTestId('trend-chart');
  await chart.scrollIntoViewIfNeeded(); // the chart mounts in view
  await expect(chart.locator('svg').first()).toBeVisible();
  await expect(chart.locator('.MuiBarChart-element').filter({ visible: true }).first()).toBeVisible();
  const sum = trend.reduce((total, day) => total + day.total, 0);
  await expect(chart.locator('figcaption')).toHaveText(
    `${sum} submission${sum === 1 ? '' : 's'} from ${trend[0].date} to ${trend.at(-1)!.date}`,
  );
  await expect(page.getByTestId('breakdown-community')).toContainText('TA Builder Community:');
});

test('Refresh brings in what arrived since the page opened, and counts it', async ({ page, request }) => {
  const word = token();
  await page.goto(`/admin?q=${word}`);
  await expect(page.getByText('No submissions match these filters.')).toBeVisible();
  await createContact(request, { name: `Late ${word}`, email: `late.${word}@example.com`, interest: 'partnership' });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('row', { name: `Late ${word}` })).toBeVisible();
  await expect(page.getByTestId('new-count')).toHaveText(/^\d+ new since you opened the page$/);
});

test('a lead that arrives while the dashboard is open is counted at once, and listed only when asked for', async ({
  page,
  browser,
}) => {
  const word = token();
  await page.goto(`/admin?q=${word}`);
  await expect(page.getByText('No submissions match these filters.')).toBeVisible();
  const listRequests: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/admin/contacts')) listRequests.push(req.url());
  });

  // Another visitor, in a browser context of their own, sends the form.
  const visitor = await browser.newContext();
  await createContact(visitor.request, { name: `Live ${word}`, email: `live.${word}@example.com`, interest: 'community' });
  await visitor.close();

  const show = page.getByRole('button', { name: 'Show 1 new lead' });
  await expect(show).toBeVisible();
  await expect(page).toHaveTitle(/^\(1\) Admin Dashboard/);
  // No rows were fetched: only how many wait (one row asked for, its count in X-Total-Count).
  expect(listRequests.filter((url) => new URL(url).searchParams.get('limit') !== '1')).toEqual([]);
  await expect(page.getByText('No submissions match these filters.')).toBeVisible();

  await show.click();
  await expect(page.getByRole('row', { name: `Live ${word}` })).toBeVisible();
  await expect(show).toBeHidden();
  await expect(page).toHaveTitle(/^Admin Dashboard/);
});

test('at 375 px the inbox is a readable list, and the drawer fits', async ({ page, request }) => {
  const word = token();
  await createContact(request, {
    name: `Phone ${word}`,
    email: `a-rather-long-address.${word}@example.com`,
    company: 'Small Screens Ltd',
    interest: 'community',
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/admin?q=${word}`);
  const entry = page.getByRole('article', { name: `Phone ${word}` });
  await expect(entry).toBeVisible();
  await expect(entry.getByText('Small Screens Ltd')).toBeVisible();
  await expect(entry.getByText('TA Builder Community')).toBeVisible();
  const noHorizontalScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  expect(await noHorizontalScroll()).toBe(true);
  await entry.getByRole('button', { name: `Phone ${word}` }).click();
  await expect(drawer(page).getByRole('button', { name: 'Add note' })).toBeVisible();
  expect(await noHorizontalScroll()).toBe(true);
  await expectNoAxeViolations(page);
});

test('at 375 px the list puts up its first cards, and the rest as the reader scrolls to them', async ({ page, request }) => {
  const word = token();
  const names = Array.from({ length: 12 }, (_, index) => `Scroll ${index + 1} ${word}`);
  for (const name of names) {
    await createContact(request, {
      name,
      email: `${name.replaceAll(' ', '.').toLowerCase()}@example.com`,
      interest: 'community',
    });
  }
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/admin?q=${word}`);
  await expect(page.getByTestId('range-count')).toHaveText('1–12 of 12');
  const cards = page.getByRole('article');
  await expect(cards.first()).toHaveAccessibleName(names[11]);
  // Only the cards near the screen are put up with the page (the rest would be unseen work):
  // the first with the page's frame, the next four right after it, without a scroll.
  await expect(cards).toHaveCount(5);

  await cards.last().scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(names.length);
  expect(await cards.evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label')))).toEqual(
    [...names].reverse(),
  );

  // By keyboard: Tab from the last control of the last card shown reaches the next card.
  await page.reload();
  await expect(cards.first()).toHaveAccessibleName(names[11]);
  await expect(cards).toHaveCount(5);
  const shown = await cards.count();
  expect(shown).toBeLessThan(names.length);
  await cards
    .nth(shown - 1)
    .getByRole('combobox')
    .last()
    .focus();
  await expect(cards.nth(shown)).toBeAttached();
  await page.keyboard.press('Tab');
  await expect(cards.nth(shown).locator(':focus')).toHaveCount(1);
});

test('keyboard only: search, open a lead, change its status, close the drawer', async ({ page, request }) => {
  const word = token();
  const name = `Keys ${word}`;
  await createContact(request, { name, email: `keys.${word}@example.com`, interest: 'partnership' });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeFocused();

  const tabTo = async (target: ReturnType<Page['getByRole']>) => {
    for (let i = 0; i < 30 && !(await target.evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(target).toBeFocused();
  };
  await tabTo(page.getByRole('searchbox', { name: 'Search' }));
  await page.keyboard.type(word);
  await expect(rows(page)).toHaveCount(1);
  const open = page.getByRole('button', { name });
  await tabTo(open);
  await page.keyboard.press('Enter');
  const status = drawer(page).getByRole('combobox', { name: `Status of ${name}` });
  await tabTo(status);
  await page.keyboard.press('ArrowDown');
  await expect(status).toHaveValue('contacted');
  await page.keyboard.press('Enter');
  await expect(drawer(page).getByTestId('history')).toContainText('Status: New → Contacted');
  await page.keyboard.press('Escape');
  await expect(drawer(page)).toHaveCount(0);
  await expect(open).toBeFocused();
});

test('the drawer by keyboard: J and K go through the list, Tab stays inside, Escape and a click beside it close it', async ({
  page,
  request,
}) => {
  const word = token();
  for (const who of ['Ash', 'Birch', 'Cedar']) {
    await createContact(request, {
      name: `${who} ${word}`,
      email: `${who.toLowerCase()}.${word}@example.com`,
      interest: 'community',
    });
  }
  await page.goto(`/admin?q=${word}`);
  await expect(rows(page)).toHaveCount(3);
  // The list's order (newest first), read rather than assumed.
  const names = await rows(page).evaluateAll((entries) =>
    entries.map((entry) => entry.querySelector('button')?.textContent?.trim() ?? ''),
  );
  const [first, middle, last] = names;
  const open = page.getByRole('button', { name: middle, exact: true });
  await open.focus();
  await page.keyboard.press('Enter');
  const card = (name: string) => drawer(page).getByRole('article', { name });
  await expect(card(middle)).toBeVisible();

  await page.keyboard.press('j');
  await expect(card(last)).toBeVisible();
  await expect(drawer(page).getByRole('button', { name: 'Next lead (J)' })).toBeDisabled();
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  await expect(card(first)).toBeVisible();
  await expect(drawer(page).getByRole('button', { name: 'Previous lead (K)' })).toBeDisabled();
  // From a control of the lead's own (replaced by the next lead's), K still steps back: the
  // focus left on <body> was out of the drawer's reach, and J and K did nothing after one step.
  await drawer(page).getByRole('group', { name: 'Follow up' }).getByRole('button').first().focus();
  await page.keyboard.press('j');
  await expect(card(middle)).toBeVisible();
  await page.keyboard.press('k');
  await expect(card(first)).toBeVisible();
  await expect(page.locator(':focus')).toHaveCount(1);
  // In a text box J is a letter.
  const note = drawer(page).getByRole('textbox', { name: 'New note' });
  await note.focus();
  await page.keyboard.type('j');
  await expect(note).toHaveValue('j');
  await expect(card(first)).toBeVisible();
  await note.fill('');

  // Tab and Shift+Tab go round the drawer's controls, never to the page behind it.
  const focusInDrawer = () =>
    page.evaluate(() =>
      Boolean(document.activeElement?.closest('[role="dialog"][aria-label], [role="dialog"][aria-labelledby]')),
    );
  for (let step = 0; step < 60; step += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInDrawer(), `Tab ${step + 1}`).toBe(true);
  }
  await drawer(page).getByRole('button', { name: 'Close details' }).focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  expect(await focusInDrawer()).toBe(true);

  await page.keyboard.press('Escape');
  await expect(drawer(page)).toHaveCount(0);
  await expect(open).toBeFocused();

  // A click on the dimmed page beside the drawer closes it too.
  await open.click();
  await expect(card(middle)).toBeVisible();
  await page.mouse.click(40, 400);
  await expect(drawer(page)).toHaveCount(0);
});

test('the inbox has no axe violations: filters, table, drawer and the erase dialog', async ({ page, request }) => {
  const word = token();
  await createContact(request, {
    name: `Axe ${word}`,
    email: `axe.${word}@example.com`,
    company: 'Axe Co',
    interest: 'community',
  });
  const from = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/admin?q=${word}&range=custom&from=${from}`);
  await expect(page.getByRole('textbox', { name: 'From' })).toHaveValue(from);
  await expect(rows(page)).toHaveCount(1);
  await page.getByTestId('trend-chart').scrollIntoViewIfNeeded(); // the chart mounts in view
  await expect(page.getByTestId('trend-chart').locator('svg').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: `Axe ${word}` }).click();
  await expect(drawer(page).getByRole('button', { name: 'Add note' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Erase a person' }).click();
  await expect(page.getByRole('dialog', { name: 'Erase a person' })).toBeVisible();
  await expectNoAxeViolations(page);
});
