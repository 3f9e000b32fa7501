import { expect, signIn, SUBMIT_LABEL, test, unique } from './fixtures';

type Lead = { id: string; email: string };

test.describe('where a lead came from', () => {
  test("the landing URL's UTM parameters end up on the stored lead, with the consent version", async ({ page }) => {
    const campaign = unique('spring').replace(/\W+/g, '-');
    const email = `${campaign}@example.com`;
    // The visit lands with a campaign link, then moves on (a reload of the bare page): the
    // first page view's parameters are the ones kept.
    await page.goto(`/?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}&utm_content=hero`);
    await page.goto('/');

    await page.getByLabel('Full Name').fill('Campaign Visitor');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel("I'm interested in...").selectOption('partnership');
    await page.getByRole('button', { name: SUBMIT_LABEL }).click();
    await expect(page.getByTestId('toast')).toContainText('Success! 🎉');

    await signIn(page);
    const list = await page.request.get('/api/admin/contacts?limit=100');
    expect(list.status()).toBe(200);
    const lead = ((await list.json()) as Lead[]).find((row) => row.email === email);
    expect(lead, 'the lead in the admin list').toBeDefined();
    const detail = await page.request.get(`/api/admin/contacts/${lead!.id}`);
    expect(detail.status()).toBe(200);
    expect(await detail.json()).toMatchObject({
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: campaign,
      utmTerm: null,
      utmContent: 'hero',
      referrer: null,
      landingPath: '/',
      consentVersion: expect.stringMatching(/^[0-9a-f]{12}$/),
    });
  });
});
