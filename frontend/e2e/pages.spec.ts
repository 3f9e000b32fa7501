import { createContact, expect, NOT_FOUND_PAGE, PRODUCT_NAME, signIn, SUBMIT_LABEL, test, unique } from './fixtures';

const FORM_LABELS = [
  'Full Name',
  'Email Address',
  'LinkedIn Profile',
  'Company',
  "I'm interested in...",
  'Tell us more about your goals',
];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page shows its title, tagline, description and every form label from its HTML', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${PRODUCT_NAME} · Recruiting. Rewritten.`);
    await expect(page.getByRole('heading', { level: 1, name: 'Recruiting. Rewritten.' })).toBeVisible();
    await expect(page.getByText(/smarter, faster, human-centered hiring with AI/)).toBeVisible();
    await expect(page.getByText(/helps recruiting and talent-acquisition teams/)).toBeVisible();
    for (const label of FORM_LABELS) await expect(page.getByLabel(label)).toBeVisible();
    await expect(page.getByRole('button', { name: SUBMIT_LABEL })).toBeVisible();
  });

  test('the privacy page reads from its HTML too', async ({ page }) => {
    const response = await page.goto('/privacy');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  });
});

test('each page has a title of its own; the landing page has a description, canonical and Open Graph tags', async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /human-centered hiring/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${PRODUCT_NAME} · Recruiting. Rewritten.`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}/`);

  const admin = await page.goto('/admin');
  expect(admin?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(page).toHaveTitle(`Admin Dashboard · ${PRODUCT_NAME}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  // Signed out, the sign-in form shows without a 401 in the console (the guard fails on one).
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  await page.goto('/privacy');
  await expect(page).toHaveTitle(`Privacy · ${PRODUCT_NAME}`);
});

test('the consent note links to the privacy page, which says what is kept, how long, and how to erase it', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'How we handle your data' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  await expect(page).toHaveTitle(`Privacy · ${PRODUCT_NAME}`);
  for (const heading of [
    'What the contact form collects',
    'Why',
    'Where it is kept, and for how long',
    'Seeing or erasing your data',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  // How long data is kept, as the API's RETENTION_DAYS says it (unset on this server), never the variable's name.
  await expect(page.getByTestId('retention')).toHaveText(
    'Submissions are kept until you ask us to erase them: nothing is erased automatically.',
  );
  await expect(page.getByText(/RETENTION_DAYS/)).toHaveCount(0);
  await expect(page.getByText(/spreadsheet/).first()).toBeVisible();
  await page.getByRole('link', { name: 'Back to the contact form' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recruiting. Rewritten.' })).toBeVisible();
});

test('the 404 page answers 404 and leads home', async ({ page, consoleGuard }) => {
  consoleGuard.allow(NOT_FOUND_PAGE);
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(`Page not found · ${PRODUCT_NAME}`);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Recruiting. Rewritten.' })).toBeVisible();
});

test('tabbing through the empty form paints nothing red; a field left with a bad value shows its error', async ({ page }) => {
  await page.goto('/');
  // The checks as a field is left are the page's code's (its scripts load after the first
  // paint): the button it enables says it runs.
  await expect(page.getByRole('button', { name: SUBMIT_LABEL })).toBeEnabled();
  await page.getByLabel('Full Name').focus();
  for (let i = 0; i < FORM_LABELS.length; i += 1) await page.keyboard.press('Tab');
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(page.getByText('Name must be at least 2 characters')).toHaveCount(0);

  await page.getByLabel('Full Name').fill('A');
  await page.getByLabel('Full Name').blur();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(page.getByLabel('Email Address')).not.toHaveAttribute('aria-invalid', 'true');
});

test.describe('at 1280 × 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the submit button is above the fold and the product name shows once', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: SUBMIT_LABEL });
    const box = await button.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(800);
    await expect(page.getByText(PRODUCT_NAME, { exact: true })).toHaveCount(1);
  });
});

test('the submit button shows a clear focus ring when reached by keyboard', async ({ page }) => {
  await page.goto('/');
  const button = page.getByRole('button', { name: SUBMIT_LABEL });
  // Dimmed until the page's code runs: the ring is the enabled button's.
  await expect(button).toBeEnabled();
  await page.getByLabel('Tell us more about your goals').focus();
  await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await expect(button).toHaveCSS('outline-style', 'solid');
  await expect(button).toHaveCSS('outline-width', '3px');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the success toast does not cover the thank-you panel', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Full Name').fill('Phone Visitor');
    await page.getByLabel('Email Address').fill('phone.visitor@example.com');
    await page.getByLabel("I'm interested in...").selectOption('partnership');
    await page.getByRole('button', { name: SUBMIT_LABEL }).click();
    const panel = page.getByTestId('thank-you-panel');
    const toast = page.getByTestId('toast');
    await expect(panel).toBeVisible();
    await expect(toast).toBeVisible();
    const [a, b] = [await panel.boundingBox(), await toast.boundingBox()];
    const overlap = a && b && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap).toBe(false);
  });

  test('the four stat cards sit two by two, and the first lead starts on the first screen', async ({ page, request }) => {
    const name = unique('Phone Lead');
    await createContact(request, { name, email: 'phone.lead@example.com', interest: 'community' });
    await signIn(page);
    await page.goto('/admin');
    const stats = page.getByRole('list', { name: 'Statistics' });
    await expect(stats).toBeVisible();
    const box = await stats.boundingBox();
    expect(box?.height).toBeLessThan(260);
    // Above it: the cards, the search box, the inbox's buttons and the folded "Filters"; at
    // least its first 120 px (name, company, interest) show on the 844 px screen.
    await expect(page.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'false');
    const firstLead = await page.getByRole('article').first().boundingBox();
    expect(firstLead?.y).toBeLessThan(844 - 120);
    await expect(page.getByRole('group', { name: 'Interest' })).toBeHidden();
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(page.getByRole('group', { name: 'Interest' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'true');
  });
});
