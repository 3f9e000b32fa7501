import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ADMIN, createContact, dashboardSettles, expect, signIn, test } from './fixtures';

// Rough edges a team lead hit, each as the user meets it. Every test looks at its
// own leads through a search for a word no other lead has.
let serial = 0;
const token = () => `tl${Date.now().toString(36)}${(serial += 1)}`;

const rows = (page: Page) => page.getByTestId('submission');
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Submission details' });

/** The API's 400 and 401 answers the browser logs while a test provokes them. */
const REFUSED = /status of 400 .* @ .*\/api\/admin\/contacts\?/;
const SESSION_ENDED = /status of 401 .* @ .*\/api\/admin\/contacts\/[0-9a-f-]+\/notes$/;

/** Whether two boxes share any area. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('a custom range ending before it starts is refused at the filter; a hand-edited one keeps the dashboard', async ({
  page,
  request,
  consoleGuard,
}) => {
  consoleGuard.allow(REFUSED);
  const word = token();
  await createContact(request, { name: `Range ${word}`, email: `range.${word}@example.com`, interest: 'community' });
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/admin/contacts') && res.status() === 400) refused.push(res.url());
  });

  await page.goto(`/admin?q=${word}&range=custom`);
  await expect(rows(page)).toHaveCount(1);
  await page.getByLabel('From', { exact: true }).fill('2026-11-10');
  await expect(page).toHaveURL(/from=2026-11-10/);
  await page.getByLabel('To', { exact: true }).fill('2026-11-05');
  await expect(page.getByRole('alert')).toHaveText('"To" must not be before "From"');
  await expect(page.getByLabel('To', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  // The refused range never reaches the URL (nor the API): the list of the last good filters stays.
  await expect(page).not.toHaveURL(/[?&]to=/);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
  await page.getByLabel('To', { exact: true }).fill('2026-11-12');
  await expect(page).toHaveURL(/to=2026-11-12/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('No submissions match these filters.')).toBeVisible();
  expect(refused).toEqual([]);

  // A hand-edited link: the API's message beside the filters, every control and the rest of
  // the page in place, and the same after a reload.
  await page.goto(`/admin?q=${word}&range=custom&from=2026-11-10&to=2026-11-05`);
  for (const pass of ['first load', 'reload']) {
    await expect(page.getByRole('alert'), pass).toHaveText('Could not load the submissions: 400: from must be before to');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(word);
    await expect(page.getByRole('group', { name: 'Received' })).toBeVisible();
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('2026-11-10');
    for (const name of ['Refresh', 'Erase a person']) await expect(page.getByRole('button', { name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
    await expect(page.getByTestId('stat-cards')).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Submissions a day/ })).toBeVisible();
    await expect(page.getByText('No submissions match these filters.')).toHaveCount(0);
    if (pass === 'first load') await page.reload();
  }
  // Mended at the filter, the list comes back.
  await page.getByLabel('To', { exact: true }).fill('2030-12-31');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(rows(page)).toHaveCount(1);
});

test('the status select works by keyboard: ↓ ↓ Enter saves "Qualified" once, and focus stays', async ({ page, request }) => {
  const word = token();
  const name = `Keyboard ${word}`;
  const id = await createContact(request, { name, email: `keyboard.${word}@example.com`, interest: 'community' });
  const patches: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'PATCH') patches.push(req.postData() ?? '');
  });
  await page.goto(`/admin?q=${word}`);
  const select = page.getByRole('combobox', { name: `Status of ${name}` });
  await select.focus();

  await page.keyboard.press('ArrowDown');
  await expect(select).toHaveValue('contacted');
  await page.keyboard.press('ArrowDown');
  await expect(select).toHaveValue('qualified');
  const saved = page.waitForResponse((res) => res.request().method() === 'PATCH' && res.status() === 200);
  // The list is fetched again after the change: wait for that, then nothing more was sent.
  const refetched = page.waitForResponse((res) => res.url().includes('/api/admin/contacts?') && res.status() === 200);
  await page.keyboard.press('Enter');
  await saved;
  await refetched;
  await expect(select).toBeFocused();
  await expect(select).toHaveValue('qualified');
  expect(patches).toEqual([JSON.stringify({ status: 'qualified' })]);

  await page.goto(`/admin?q=${word}&lead=${id}`);
  const history = drawer(page).getByTestId('history');
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('Status: New → Qualified');
});

test('a note typed when the session has ended survives signing in again', async ({ page, request, consoleGuard }) => {
  consoleGuard.allow(SESSION_ENDED);
  const word = token();
  const name = `Draft ${word}`;
  const id = await createContact(request, { name, email: `draft.${word}@example.com`, interest: 'partnership' });
  const settled = dashboardSettles(page);
  await page.goto(`/admin?q=${word}&lead=${id}`);
  const note = drawer(page).getByRole('textbox', { name: 'New note' });
  await note.fill('Call back on Tuesday about the pilot');
  await settled();

  // The session ends elsewhere (here: signed out through the API).
  expect((await page.request.post('/api/auth/logout')).ok()).toBe(true);
  await drawer(page).getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByTestId('toast')).toContainText('401: Sign in to continue');
  // The pointer rests on the toast, which holds it past its 5 s (a slow machine takes longer to
  // sign in again and close the drawer below): the rest of the way is by keyboard.
  await page.getByTestId('toast').hover();
  await expect(page.getByRole('heading', { name: 'Admin sign-in' })).toBeVisible();
  await expect(page.getByText('Your session has ended. Sign in again.')).toBeVisible();

  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).press('Enter');
  // Back where the edit was: the lead open again (its id is in the URL), the note as typed.
  await expect(drawer(page).getByRole('article', { name })).toBeVisible();
  await expect(note).toHaveValue('Call back on Tuesday about the pilot');
  await drawer(page).getByRole('button', { name: 'Add note' }).press('Enter');
  await expect(drawer(page).getByTestId('note')).toContainText('Call back on Tuesday about the pilot');
  await expect(note).toHaveValue('');

  // The toast, still shown after the drawer closes, covers no lead's status.
  await page.getByRole('button', { name: 'Close details' }).press('Enter');
  const toastBox = (await page.getByTestId('toast').boundingBox())!;
  const statusBox = (await page.getByRole('combobox', { name: `Status of ${name}` }).boundingBox())!;
  expect(overlaps(toastBox, statusBox)).toBe(false);

  // Added, the draft is gone: the box is empty when the lead opens again.
  await page.goto(`/admin?q=${word}&lead=${id}`);
  await expect(drawer(page).getByTestId('note')).toContainText('Call back on Tuesday about the pilot');
  await expect(note).toHaveValue('');
});

test("Delete's confirmation names the spreadsheet for a lead the sync copied", async ({ page, request }) => {
  const word = token();
  const name = `Synced ${word}`;
  const id = await createContact(request, { name, email: `synced.${word}@example.com`, interest: 'community' });
  await page.goto(`/admin?lead=${id}`);
  await drawer(page).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this submission?' })).toContainText(
    `The submission of ${name} is erased here and from the spreadsheet. This cannot be undone.`,
  );
});

test('every Tab stop of the dashboard is a visible control, the first one included; the chart is none', async ({
  page,
  request,
}) => {
  const word = token();
  await createContact(request, { name: `Tab ${word}`, email: `tab.${word}@example.com`, interest: 'community' });
  await page.goto(`/admin?q=${word}`);
  await expect(rows(page)).toHaveCount(1);
  await page.getByTestId('trend-chart').scrollIntoViewIfNeeded(); // the chart mounts in view
  await expect(page.getByTestId('trend-chart').locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('trend-chart').locator('[tabindex="0"]')).toHaveCount(0);

  const stops: string[] = [];
  for (let step = 0; step < 40; step += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const box = element.getBoundingClientRect();
      return {
        label: `${element.tagName} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30)}`,
        visible: box.width > 4 && box.height > 4 && element.checkVisibility({ opacityProperty: true }),
        inChart: Boolean(element.closest('[data-testid="trend-chart"]')),
        // A labelled region that scrolls sideways (the report's tables) is a stop too: the keyboard scrolls it.
        control: element.matches(
          'a[href], button, input, select, textarea, [role=button], [role=checkbox], [role=radio], [role=region][aria-label]',
        ),
      };
    });
    if (!stop) break;
    stops.push(stop.label);
    expect(stop, `Tab stop ${step + 1}`).toMatchObject({ visible: true, inChart: false, control: true });
  }
  expect(stops[0]).toMatch(/^(A|BUTTON) /);
  expect(stops.length).toBeGreaterThan(5);
});

/** The characters at which the text of `element` starts a new line. */
async function lineStarts(element: Locator): Promise<string[]> {
  return element.evaluate((node) => {
    const starts: string[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    let lastTop: number | null = null;
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      for (let index = 0; index < (text.textContent ?? '').length; index += 1) {
        const range = document.createRange();
        range.setStart(text, index);
        range.setEnd(text, index + 1);
        const top = range.getBoundingClientRect().top;
        if (lastTop !== null && top > lastTop + 2) starts.push(text.textContent![index]);
        lastTop = top;
      }
    }
    return starts;
  });
}

/** A lead with a long e-mail address, listed alone at `size`: its address as the list shows it, and the address. */
async function longAddressShown(page: Page, request: APIRequestContext, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  const word = token();
  const email = `maximilian.${word}-long-name@some-very-long-domain-name.example.com`;
  await createContact(request, { name: `Mail ${word}`, email, interest: 'community' });
  await page.goto(`/admin?q=${word}`);
  const address = rows(page).getByText(email);
  await expect(address).toBeVisible();
  return { address, email };
}

test('a long e-mail address in the laptop table stays on one line, cut with an ellipsis, whole in its title', async ({
  page,
  request,
}) => {
  const { address, email } = await longAddressShown(page, request, { width: 1280, height: 800 });
  await expect(address).toHaveAttribute('title', email);
  expect(await lineStarts(address)).toEqual([]);
  expect(await address.evaluate((node) => getComputedStyle(node).textOverflow)).toBe('ellipsis');
});

test("a long e-mail address in the phone list breaks only before its '@' or a '.'", async ({ page, request }) => {
  const { address, email } = await longAddressShown(page, request, { width: 375, height: 667 });
  expect(await address.evaluate((node) => node.textContent)).toBe(email);
  const starts = await lineStarts(address);
  expect(starts.length, 'the address wraps at this width').toBeGreaterThan(0);
  for (const start of starts) expect(['@', '.']).toContain(start);
});

test('at 375 px the range buttons stay on one row inside the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Filters' }).click();
  const buttons = page.getByRole('group', { name: 'Received' }).getByRole('button');
  await expect(buttons).toHaveCount(5);
  const boxes = await buttons.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect));
  for (const box of boxes) {
    expect(box.top).toBe(boxes[0].top);
    expect(box.height).toBe(boxes[0].height);
    expect(box.right).toBeLessThanOrEqual(375);
  }
});
