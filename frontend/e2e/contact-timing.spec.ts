import type { Page } from '@playwright/test';
import { expect, signIn, SUBMIT_LABEL, test } from './fixtures';

const TOKEN_URL = '**/api/contact/token';
type StoredLead = { spamReasons: string[]; heldAsSpam: boolean; status: string };

async function fillForm(page: Page, name: string) {
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email Address').fill(`${name.replace(/\W+/g, '.').toLowerCase()}@example.com`);
  await page.getByLabel('Company').fill('Acme Talent');
  await page.getByLabel("I'm interested in...").selectOption('empower-team');
  await page.getByLabel('Tell us more about your goals').fill('We hire 40 engineers a year.');
}

/** Sends the form and answers the stored lead, as the dashboard's API shows it. */
async function submitAndRead(page: Page): Promise<StoredLead> {
  const submitted = page.waitForResponse((res) => res.url().endsWith('/api/contact') && res.request().method() === 'POST');
  await page.getByRole('button', { name: SUBMIT_LABEL }).click();
  const answer = await submitted;
  expect(answer.status()).toBe(201);
  const sent = answer.request().postDataJSON() as { formToken?: string };
  expect(sent.formToken, 'the form sends its timing token').toMatch(/^[0-9a-z]+\.[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  const { id } = (await answer.json()) as { id: string };
  const lead = await page.request.get(`/api/admin/contacts/${id}`);
  expect(lead.status()).toBe(200);
  return (await lead.json()) as StoredLead;
}

test.describe('the landing form measures how long the visitor took', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('a visitor who takes their time is stored without a timing signal', async ({ page }) => {
    const tokenAnswer = page.waitForResponse(TOKEN_URL);
    await page.goto('/');
    const { token } = (await (await tokenAnswer).json()) as { token: string };
    await fillForm(page, 'Grace Hopper');
    // A person takes more than 3 s: wait until that long has passed since the token was issued.
    const issuedAt = parseInt(token.split('.')[0] ?? '', 36);
    await expect.poll(() => Date.now() - issuedAt, { timeout: 10_000 }).toBeGreaterThan(3_500);

    const lead = await submitAndRead(page);
    expect(lead.spamReasons).not.toContain('missing-token');
    expect(lead.spamReasons).not.toContain('too-fast');
    expect(lead.heldAsSpam).toBe(false);
  });

  test('a form sent within 3 s of the page is marked too fast, and still not held', async ({ page }) => {
    // The token is asked for once the page's code runs; it is held until the form is filled,
    // so the form goes out right after the token is issued.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(TOKEN_URL, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await fillForm(page, 'Katherine Johnson');
    const tokenAnswer = page.waitForResponse(TOKEN_URL);
    release();
    await tokenAnswer;

    const lead = await submitAndRead(page);
    expect(lead.spamReasons).toContain('too-fast');
    expect(lead.spamReasons).not.toContain('missing-token');
    expect(lead.heldAsSpam).toBe(false);
    expect(lead.status).toBe('new');
  });

  test('with no captcha set up, no widget and no provider script appear', async ({ page }) => {
    const tokenAnswer = page.waitForResponse(TOKEN_URL);
    await page.goto('/');
    expect(((await (await tokenAnswer).json()) as { captcha: unknown }).captcha).toBeNull();
    await expect(page.getByRole('button', { name: SUBMIT_LABEL })).toBeEnabled();
    await expect(page.getByTestId('captcha-widget')).toHaveCount(0);
    const scripts = await page.locator('script[src]').evaluateAll((found) => found.map((s) => (s as HTMLScriptElement).src));
    expect(scripts.filter((src) => /cloudflare|hcaptcha/.test(src))).toEqual([]);
  });
});
