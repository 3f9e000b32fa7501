import type { Page } from '@playwright/test';
import { expect, SUBMIT_LABEL, test, unique } from './fixtures';

const SUCCESS_MESSAGE = "Thank you for your submission! We'll be in touch soon.";

async function fillForm(page: Page, name = unique('Visitor')) {
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email Address').fill(`${name.replace(/\W+/g, '.').toLowerCase()}@example.com`);
  await page.getByLabel('LinkedIn Profile').fill('https://www.linkedin.com/in/someone');
  await page.getByLabel('Company').fill('Acme Talent');
  await page.getByLabel("I'm interested in...").selectOption('empower-team');
  await page.getByLabel('Tell us more about your goals').fill('We hire 40 engineers a year.');
  return name;
}

const toast = (page: Page) => page.getByTestId('toast');

/** Holds the page's requests to `url` until the answered function is called, then lets them through. */
async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe('landing page', () => {
  test('shows the logo, title, tagline, description and the form of the spec', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Recruiting. Rewritten.' })).toBeVisible();
    await expect(page.getByText(/smarter, faster, human-centered hiring with AI/)).toBeVisible();
    await expect(page.getByText('TalentFlow AI').first()).toBeVisible();
    const select = page.getByLabel("I'm interested in...");
    await expect(select.locator('option')).toHaveText([
      'Choose your primary interest',
      'Empower Recruiting Team',
      'Partnership Opportunities',
    ]);
    await expect(page.getByLabel('Tell us more about your goals')).toHaveAttribute('rows', '4');
    await expect(page.getByRole('button', { name: SUBMIT_LABEL })).toBeEnabled();
    await expect(page.getByText(/agree to receive communications/)).toBeVisible();
    // The honeypot is neither visible nor in the accessibility tree.
    await expect(page.locator('input[name="website"]')).not.toBeInViewport();
    await expect(page.getByRole('textbox', { name: 'Website' })).toHaveCount(0);
  });

  test('shows the validation messages in red under the fields and sends nothing', async ({ page }) => {
    let posted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) posted = true;
    });
    await page.goto('/');
    await page.getByLabel('Full Name').fill('A');
    await page.getByLabel('Email Address').fill('not-an-email');
    await page.getByLabel('LinkedIn Profile').fill('linkedin');
    await page.getByRole('button', { name: SUBMIT_LABEL }).click();

    for (const [label, message] of [
      ['Full Name', 'Name must be at least 2 characters'],
      ['Email Address', 'Please enter a valid email address'],
      ['LinkedIn Profile', 'Please enter a valid LinkedIn URL'],
      ["I'm interested in...", 'Please select your primary interest'],
    ] as const) {
      const field = page.getByLabel(label);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(message);
      const text = page.getByText(message);
      await expect(text).toBeVisible();
      const color = await text.evaluate((el) => getComputedStyle(el).color);
      const [r = 0, g = 0, b = 0] = (color.match(/\d+/g) ?? []).map(Number);
      expect(r > 150 && g < 80 && b < 80, `error text colour ${color} is red`).toBe(true);
    }
    await expect(page.getByLabel('Full Name')).toBeFocused();
    expect(posted).toBe(false);
  });

  test('pending, success toast, thank-you panel for 3 s, then the form back and reset', async ({ page }) => {
    await page.goto('/');
    await fillForm(page);

    // Hold the request so the pending state can be seen; then let it through to the real API.
    const release = await holdRequests(page, '**/api/contact');

    await page.getByRole('button', { name: SUBMIT_LABEL }).click();
    await page.mouse.move(0, 0);
    const pending = page.getByRole('button', { name: 'Submitting...' });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    await expect(pending.getByRole('progressbar', { includeHidden: true })).toBeVisible();

    release();
    const thankYou = page.getByRole('heading', { name: 'Thank You!' });
    await expect(thankYou).toBeVisible();
    const shownAt = Date.now();
    await expect(page.getByText("We've received your submission and will be in touch soon.")).toBeVisible();
    await expect(toast(page)).toContainText('Success! 🎉');
    await expect(toast(page)).toContainText(SUCCESS_MESSAGE);

    await expect(thankYou).toBeHidden({ timeout: 6000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(2500);
    expect(shownFor).toBeLessThan(4000);

    await expect(page.getByLabel('Full Name')).toHaveValue('');
    await expect(page.getByLabel('Email Address')).toHaveValue('');
    await expect(page.getByLabel("I'm interested in...")).toHaveValue('');
    await expect(page.getByRole('button', { name: SUBMIT_LABEL })).toBeEnabled();
  });

  test('a toast stays 5 s, one at a time', async ({ page }) => {
    await page.goto('/');
    await fillForm(page);
    await page.getByRole('button', { name: SUBMIT_LABEL }).click();
    await page.mouse.move(0, 0);
    await expect(toast(page)).toBeVisible();
    const shownAt = Date.now();
    await expect(toast(page)).toHaveCount(1);
    await expect(toast(page)).toBeHidden({ timeout: 8000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(4500);
    expect(shownFor).toBeLessThan(6500);
  });

  test("the success toast does not cover the form's button when the form comes back", async ({ page }) => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 667 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await fillForm(page);
      await page.getByRole('button', { name: SUBMIT_LABEL }).click();
      await expect(page.getByTestId('thank-you-panel')).toBeVisible();
      const button = page.getByRole('button', { name: SUBMIT_LABEL });
      await expect(button).toBeVisible({ timeout: 6000 });
      // The toast (5 s) outlasts the thank-you panel (3 s): both are on screen now.
      await expect(toast(page)).toBeVisible();
      const [toastBox, buttonBox] = [(await toast(page).boundingBox())!, (await button.boundingBox())!];
      const apart =
        toastBox.x + toastBox.width <= buttonBox.x ||
        buttonBox.x + buttonBox.width <= toastBox.x ||
        toastBox.y + toastBox.height <= buttonBox.y ||
        buttonBox.y + buttonBox.height <= toastBox.y;
      expect(
        apart,
        `at ${viewport.width} × ${viewport.height}: toast ${JSON.stringify(toastBox)}, button ${JSON.stringify(buttonBox)}`,
      ).toBe(true);
    }
  });

  test('a failure keeps the typed values and shows the destructive failure toast', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 500 .* @ .*\/api\/contact$/);
    await page.goto('/');
    const name = await fillForm(page);
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"statusCode":500,"message":"Internal server error"}',
      }),
    );
    await page.getByRole('button', { name: SUBMIT_LABEL }).click();

    await expect(toast(page)).toContainText('Submission Failed');
    await expect(toast(page)).toContainText('500: Internal server error');
    await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
    await expect(page.getByRole('alert').filter({ hasText: 'Submission Failed' })).toBeVisible();
    await expect(page.getByLabel('Full Name')).toHaveValue(name);
    await expect(page.getByLabel('Company')).toHaveValue('Acme Talent');
    await expect(page.getByLabel("I'm interested in...")).toHaveValue('empower-team');
    await expect(page.getByLabel('Tell us more about your goals')).toHaveValue('We hire 40 engineers a year.');
    await expect(page.getByRole('button', { name: SUBMIT_LABEL })).toBeEnabled();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toHaveCount(0);
  });

  test('a swipe right past 50 px dismisses the toast; a shorter one does not', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 503 .* @ .*\/api\/contact$/);
    await page.goto('/');
    await fillForm(page);
    await page.route('**/api/contact', (route) => route.fulfill({ status: 503, body: '' }));
    await page.getByRole('button', { name: SUBMIT_LABEL }).click();
    await expect(toast(page)).toContainText('503: Service Unavailable');

    // The toast slides in from the top: hover waits until it stands still before measuring.
    await toast(page).hover({ position: { x: 40, y: 20 } });
    const box = (await toast(page).boundingBox())!;
    const y = box.y + box.height / 2;
    const x = box.x + 40;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y, { steps: 6 });
    await page.mouse.up();
    await expect(toast(page)).toBeVisible();

    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 80, y, { steps: 8 });
    await page.mouse.up();
    await expect(toast(page)).toBeHidden({ timeout: 2000 });
  });

  test('F8 moves focus to the notification region', async ({ page }) => {
    await page.goto('/');
    // F8 is the page's code's: it runs once the button it enables can be pressed.
    await expect(page.getByRole('button', { name: SUBMIT_LABEL })).toBeEnabled();
    await page.getByLabel('Full Name').focus();
    await page.keyboard.press('F8');
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeFocused();
  });

  test('the whole flow works by keyboard alone, the button reached before the code arrives', async ({ page }) => {
    // Tabbed through before the page's code runs (a phone, a quick typist): a disabled button
    // would be skipped, and the focus would move on past the form.
    const release = await holdRequests(page, '**/assets/*.js');
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const name = unique('Keyboard');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Full Name')).toBeFocused();
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Email Address')).toBeFocused();
    await page.keyboard.type('keyboard@example.com');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('LinkedIn Profile')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Company')).toBeFocused();
    await page.keyboard.press('Tab');
    const select = page.getByLabel("I'm interested in...");
    await expect(select).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(select).not.toHaveValue('');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Tell us more about your goals')).toBeFocused();
    await page.keyboard.press('Tab');
    const button = page.getByRole('button', { name: SUBMIT_LABEL });
    await expect(button).toBeFocused();
    await expect(button).toBeDisabled();
    await page.keyboard.press('Enter'); // sends nothing yet
    release();
    await expect(button).toBeEnabled();
    expect(new URL(page.url()).search).toBe('');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeHidden({ timeout: 6000 });
    // Focus stays on the form that came back, not lost to <body>.
    await expect(page.getByRole('heading', { name: 'Get in touch' })).toBeFocused();
  });

  test('before its code arrives, the browser cannot send the form itself, and what was typed is kept', async ({ page }) => {
    // The page's scripts are held back: it shows its prerendered HTML alone.
    const release = await holdRequests(page, '**/assets/*.js');
    const navigations: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) navigations.push(request.url());
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.getByLabel('Full Name').fill('Early Visitor');
    await expect(page.getByRole('button', { name: SUBMIT_LABEL })).toBeDisabled();
    // Enter in a field would send the form as a GET, every field in the URL, were its button enabled.
    await page.getByLabel('Full Name').press('Enter');

    release();
    await expect(page.getByRole('button', { name: SUBMIT_LABEL })).toBeEnabled();
    expect(navigations).toHaveLength(1);
    expect(new URL(page.url()).search).toBe('');
    await expect(page.getByLabel('Full Name')).toHaveValue('Early Visitor');
    await page.getByLabel('Email Address').fill('early.visitor@example.com');
    await page.getByLabel("I'm interested in...").selectOption('empower-team');
    await page.getByRole('button', { name: SUBMIT_LABEL }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  });

  test('never downloads the admin dashboard', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await fillForm(page);
    await page.getByRole('button', { name: SUBMIT_LABEL }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /\/assets\/admin-/.test(path))).toEqual([]);
  });

  test('loads fonts and scripts from this origin only', async ({ page, baseURL }) => {
    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));
    await page.goto('/');
    await page.evaluate(() => document.fonts.ready);
    expect([...origins]).toEqual([new URL(baseURL!).origin]);
  });
});

test.describe('at 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the landing page has no horizontal scroll, also with errors shown', async ({ page }) => {
    await page.goto('/');
    const noHorizontalScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(await noHorizontalScroll()).toBe(true);
    await page.getByRole('button', { name: SUBMIT_LABEL }).click();
    await expect(page.getByText('Please select your primary interest')).toBeVisible();
    expect(await noHorizontalScroll()).toBe(true);
  });
});
