import { ADMIN, createContact, dashboardSettles, expect, signIn, SIGNED_OUT_ME, SUBMIT_LABEL, test, unique } from './fixtures';

test.describe('admin sign-in', () => {
  test('without a session /admin shows the sign-in form and no data', async ({ page, consoleGuard }) => {
    consoleGuard.allow(SIGNED_OUT_ME);
    await page.goto('/admin');
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Form' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    await expect(page.getByText('Recent Submissions')).toHaveCount(0);
    await expect(page.getByTestId('stat-cards')).toHaveCount(0);
  });

  test('a wrong password shows a clear error and no data', async ({ page, consoleGuard }) => {
    consoleGuard.allow(SIGNED_OUT_ME);
    consoleGuard.allow(/status of 401 .* @ .*\/api\/auth\/login$/);
    const adminCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/')) adminCalls.push(request.url());
    });
    await page.goto('/admin');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
    await expect(page.getByText('Recent Submissions')).toHaveCount(0);
    await expect(page.getByTestId('submission')).toHaveCount(0);
    expect(adminCalls).toEqual([]);
  });

  test('sign in, see the dashboard, sign out, see the form again', async ({ page, consoleGuard }) => {
    consoleGuard.allow(SIGNED_OUT_ME);
    await page.goto('/admin');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recent Submissions' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Form' })).toBeVisible();

    // The session survives a reload.
    const settled = dashboardSettles(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    // Signed out once the dashboard has loaded, every request answered: one still out (the
    // response-time report's, on a loaded machine) would answer 401 after the sign-out, an
    // error in the console.
    await settled();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Recent Submissions')).toHaveCount(0);

    // Ended on the server too.
    expect((await page.request.get('/api/admin/contacts')).status()).toBe(401);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('admin dashboard', () => {
  test('shows what a visitor submitted, with the statistics', async ({ page }) => {
    const name = unique('Grace Hopper');
    const email = `${name.replace(/\W+/g, '.').toLowerCase()}@example.com`;
    const company = unique('Compilers Inc');
    const linkedin = 'https://www.linkedin.com/in/grace-hopper';
    const comments = 'We want to hire\nmore engineers.';

    // The dashboard is open (and cached) before the submission.
    await signIn(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Recent Submissions' })).toBeVisible();
    await expect(page.getByRole('article', { name })).toHaveCount(0);

    // Submitted through the form, like a visitor, after a client-side trip to the form.
    await page.getByRole('link', { name: 'Back to Form' }).click();
    await page.getByLabel('Full Name').fill(name);
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('LinkedIn Profile').fill(linkedin);
    await page.getByLabel('Company').fill(company);
    await page.getByLabel("I'm interested in...").selectOption('partnership');
    await page.getByLabel('Tell us more about your goals').fill(comments);
    await page.getByRole('button', { name: SUBMIT_LABEL }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();

    const analytics = (await (await page.request.get('/api/admin/analytics')).json()) as {
      total: number;
      thisMonth: number;
      companiesSubmitted: number;
    };

    // Back to the dashboard without a reload: the submission invalidated both admin queries.
    await page.goBack();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId('stat-total-submissions')).toHaveText(String(analytics.total));
    await expect(page.getByTestId('stat-this-month')).toHaveText(String(analytics.thisMonth));
    await expect(page.getByTestId('stat-companies')).toHaveText(String(analytics.companiesSubmitted));
    await expect(page.getByTestId('stat-top-interest')).toHaveText(/^(Empower|TA|Partnership)$/);

    // The list's row; the spec's card details are in the drawer it opens.
    const row = page.getByRole('row', { name });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name }).click();
    const entry = page.getByRole('dialog', { name: 'Submission details' }).getByRole('article', { name });
    await expect(entry).toBeVisible();
    await expect(entry.getByRole('heading', { name })).toBeVisible();
    await expect(entry.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await expect(entry.getByText('Partnership Opportunities')).toBeVisible();
    await expect(entry.getByText(company)).toBeVisible();
    const profile = entry.getByRole('link', { name: 'LinkedIn Profile' });
    await expect(profile).toHaveAttribute('href', linkedin);
    await expect(profile).toHaveAttribute('target', '_blank');
    await expect(profile).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(entry.getByText('Additional Comments:')).toBeVisible();
    await expect(entry.getByText('more engineers.')).toBeVisible();

    // The time, in the browser's locale.
    const time = entry.locator('time');
    const iso = await time.getAttribute('datetime');
    const local = await page.evaluate((value) => new Date(value!).toLocaleString(), iso);
    await expect(time).toHaveText(local);

    // Newest first.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('submission').first()).toHaveAccessibleName(name);
  });

  test('the Top Interest card follows the most frequent interest', async ({ page, request }) => {
    await signIn(page);
    const { interestBreakdown } = (await (await page.request.get('/api/admin/analytics')).json()) as {
      interestBreakdown: Record<string, number>;
    };
    // Make "community" the clear leader, through the real API.
    const lead = Math.max(0, ...Object.values(interestBreakdown)) - (interestBreakdown.community ?? 0) + 1;
    for (let i = 0; i < lead; i += 1) {
      await createContact(request, {
        name: unique('Community'),
        email: `c${i}.${Date.now()}@example.com`,
        interest: 'community',
      });
    }
    await page.goto('/admin');
    await expect(page.getByTestId('stat-top-interest')).toHaveText('TA');
  });

  test('Load more follows the Link header past the first 50', async ({ page, request }) => {
    const stamp = Date.now().toString(36);
    for (let i = 0; i < 55; i += 1) {
      await createContact(request, {
        name: `Bulk ${stamp} ${i}`,
        email: `bulk.${stamp}.${i}@example.com`,
        interest: i % 2 ? 'empower-team' : 'partnership',
      });
    }
    await signIn(page);
    // The rows the list shows (archived and spam are not among them).
    const total = Number((await page.request.get('/api/admin/contacts?limit=1')).headers()['x-total-count']);

    await page.goto('/admin');
    const entries = page.getByTestId('submission');
    await expect(entries).toHaveCount(50);
    await expect(page.getByRole('row', { name: `Bulk ${stamp} 54` })).toBeVisible();
    await expect(page.getByRole('row', { name: `Bulk ${stamp} 0` })).toHaveCount(0);

    // Clicked where a user clicks it, below the last row: the rows on screen stay where they
    // are while the next ones are drawn (a few at a time, use-rows-in-passes.ts).
    const loadMore = page.getByRole('button', { name: 'Load more' });
    await loadMore.scrollIntoViewIfNeeded();
    const lastShown = entries.nth(49);
    const lastShownName = await lastShown.getAttribute('aria-label');
    const topBefore = (await lastShown.boundingBox())?.y;
    const nextPage = page.waitForRequest((r) => r.url().includes('/api/admin/contacts?') && r.url().includes('cursor='));
    await loadMore.click();
    await nextPage;
    await expect(entries).toHaveCount(Math.min(total, 100));
    await expect(lastShown).toHaveAttribute('aria-label', lastShownName!);
    // (Its height grows by half a border: it is no longer the last row, which has none. Its top
    // moved by a quarter pixel in some runs, a fraction no screen shows: within half a pixel.)
    expect((await lastShown.boundingBox())!.y).toBeCloseTo(topBefore!, 0);
    await expect(page.getByRole('row', { name: `Bulk ${stamp} 0` })).toBeVisible();
    // No entry twice.
    const names = await entries.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')));
    expect(new Set(names).size).toBe(names.length);
  });

  test('Back to Form returns to the landing page', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Back to Form' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: SUBMIT_LABEL })).toBeVisible();
  });

  test('a button shows it is pressed while the pointer holds it down', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin');
    const refresh = page.getByRole('button', { name: 'Refresh' });
    await expect(refresh).toBeEnabled();
    await refresh.hover();
    await page.mouse.down();
    // At once, no transition: the hover's tint is 0.04 (still on its way there, with no pressed state).
    const pressed = await refresh.evaluate((button) => getComputedStyle(button).backgroundColor);
    await page.mouse.up();
    expect(pressed).toBe('rgba(67, 56, 202, 0.12)');
  });

  test('is usable at 375 px wide with no horizontal scroll', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page);
    await page.goto('/admin');
    await expect(page.getByTestId('submission').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  });
});

test('signing in and using the dashboard works by keyboard alone', async ({ page, request, consoleGuard }) => {
  consoleGuard.allow(SIGNED_OUT_ME);
  await createContact(request, { name: unique('Keys'), email: `keys.${Date.now()}@example.com`, interest: 'community' });
  await page.goto('/admin');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // The page starts at the sign-in heading; Back to Form is before it, Username after it.
  await expect(page.getByRole('heading', { name: 'Admin sign-in' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('link', { name: 'Back to Form' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Username')).toBeFocused();
  await page.keyboard.type(ADMIN.username);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');

  const heading = page.getByRole('heading', { name: 'Admin Dashboard' });
  await expect(heading).toBeFocused();
  await expect(page.getByTestId('submission').first()).toBeVisible();

  // Sign out is reachable from the keyboard and leaves focus on the sign-in form.
  await page.getByRole('button', { name: 'Sign out' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Admin sign-in' })).toBeFocused();
});
