import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { createContact, expect, PRODUCT_NAME, signIn, test, unique } from './fixtures';
import { startReceiver } from './webhook-receiver';

// Settings: one page with a section each, reached by one link in the header; the paths of the
// sections that were pages of their own open it at that section.

const SECTIONS = ['E-mail', 'Response time', 'Booking link', 'Reply templates', 'Webhooks', 'Routing'];
const PASSWORD = 'e2e copper meadow signal 7';
const PHONE = { width: 390, height: 844 };

/** A signed-in teammate with `role`, in a browser context of their own. */
async function teammate(browser: Browser, admin: Page, role: 'member' | 'viewer'): Promise<Page> {
  const invitation = await admin.request.post('/api/admin/invitations', {
    data: { email: `${unique(role).replace(/\W+/g, '.')}@example.com`, role },
  });
  expect(invitation.status(), await invitation.text()).toBe(201);
  const token = new URL(((await invitation.json()) as { inviteUrl: string }).inviteUrl).hash.slice(1);
  const page = await (await browser.newContext()).newPage();
  const accepted = await page.request.post('/api/auth/invitations/accept', {
    data: { token, username: unique(role).replace(/\W+/g, ''), password: PASSWORD, displayName: `Sam ${role}` },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  return page;
}

const headerLinks = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link');
const sectionList = (page: Page) => page.getByRole('navigation', { name: 'Settings sections' });
const sectionHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

test('an admin opens Settings from the header and reaches each section in one click; the old pages open it at theirs', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/admin');
  // One Settings link where Webhooks, E-mail and Routing were; Back to Form stays, outlined and small.
  await expect(headerLinks(page)).toHaveText(['Back to Form', 'Dashboard', 'Account', 'Team', 'Settings']);
  await expect(page.getByRole('link', { name: 'Back to Form' })).toHaveClass(/btn--outlined/);
  await headerLinks(page).filter({ hasText: 'Settings' }).click();

  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page).toHaveTitle(`Settings · ${PRODUCT_NAME}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(sectionList(page).getByRole('link')).toHaveText(SECTIONS);
  for (const name of SECTIONS) await expect(sectionHeading(page, name)).toBeVisible();
  await expect(page.getByTestId('email-status')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save rules' })).toBeVisible();

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target) }))).toEqual([]);

  // The response time has a section of its own (it was under E-mail), one click away.
  await sectionList(page).getByRole('link', { name: 'Response time' }).click();
  await expect(page).toHaveURL(/\/admin\/settings#response-time$/);
  await expect(page).toHaveTitle(`Response time · Settings · ${PRODUCT_NAME}`);
  await expect(sectionHeading(page, 'Response time')).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Save response time' })).toBeVisible();

  // The addresses of the pages each section was: 200, their title, the page at their section.
  for (const [path, title, section] of [
    ['/admin/settings/webhooks', 'Webhooks', 'Webhooks'],
    ['/admin/settings/email', 'E-mail', 'E-mail'],
    ['/admin/settings/routing', 'Routing', 'Routing'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page).toHaveTitle(`${title} · Settings · ${PRODUCT_NAME}`);
    // That section open on the first screen, the others folded above and below it.
    await expect(sectionHeading(page, section)).toBeInViewport();
    await expect(
      page.getByRole('region', { name: section, exact: true }).getByRole('heading', { level: 3 }).first(),
    ).toBeInViewport();
    for (const name of SECTIONS) {
      await expect(sectionHeading(page, name).getByRole('button')).toHaveAttribute('aria-expanded', String(name === section));
    }
  }
});

test('a member sees the routing rules under Settings, a viewer no Settings; neither sees an admin section', async ({
  page,
  browser,
}) => {
  await signIn(page);
  const member = await teammate(browser, page, 'member');
  await member.goto('/admin');
  await expect(headerLinks(member)).toHaveText(['Back to Form', 'Dashboard', 'Account', 'Settings']);
  await headerLinks(member).filter({ hasText: 'Settings' }).click();
  await expect(member.getByRole('heading', { level: 2 })).toHaveText(['Routing']);
  await expect(member.getByText('Only an admin changes the routing rules; you can read them and try a lead.')).toBeVisible();
  await expect(sectionList(member)).toHaveCount(0);
  await member.goto('/admin/settings/webhooks');
  await expect(member.getByText("Only an admin manages the webhooks. Ask one of your team's admins.")).toBeVisible();
  await expect(member.getByRole('heading', { level: 2 })).toHaveText(['Routing']);
  await member.context().close();

  const viewer = await teammate(browser, page, 'viewer');
  await viewer.goto('/admin');
  await expect(headerLinks(viewer)).toHaveText(['Back to Form', 'Dashboard', 'Account']);
  await viewer.goto('/admin/settings');
  await expect(viewer.getByText("Only members and admins see the settings. Ask one of your team's admins.")).toBeVisible();
  await expect(viewer.getByRole('heading', { level: 2 })).toHaveCount(0);
  await viewer.context().close();
});

test("an admin writes, edits and deletes a reply template in Settings, which a lead's reply box offers", async ({
  page,
  consoleGuard,
}) => {
  // The API's refusal of an unknown variable, which the form shows.
  consoleGuard.allow(/status of 400 \(Bad Request\) @ .*\/api\/admin\/reply-templates$/);
  await signIn(page);
  await page.goto('/admin/settings#templates');
  const section = page.getByRole('region', { name: 'Reply templates', exact: true });
  await expect(sectionHeading(page, 'Reply templates').getByRole('button')).toHaveAttribute('aria-expanded', 'true');
  const form = section.getByRole('form', { name: 'New template' });
  const name = unique('First answer');
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  // A variable the API does not know is named, and nothing is saved.
  await form.getByRole('textbox', { name: 'Message' }).fill('Hi {{lead.firstName}}, we write to {{lead.email}}.');
  await form.getByRole('button', { name: 'Add template' }).click();
  await expect(form.getByRole('alert')).toHaveText('Not saved: body has an unknown variable {{lead.email}}');
  await form.getByRole('textbox', { name: 'Message' }).fill('Hi {{lead.firstName}}, thanks for writing.');
  await form.getByRole('button', { name: 'Add template' }).click();
  const card = section.getByRole('region', { name: `Template ${name}` });
  await expect(card).toContainText('Hi {{lead.firstName}}, thanks for writing.');
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('');

  await card.getByRole('button', { name: `Edit ${name}` }).click();
  await card.getByRole('textbox', { name: 'Subject (optional)' }).fill('Your message to us');
  await card.getByRole('button', { name: 'Save template' }).click();
  await expect(card).toContainText('Subject: Your message to us');

  // The reply box of a lead offers it.
  const word = unique('Templated').replace(/\W+/g, '');
  const id = await createContact(page.request, { name: `Tess ${word}`, email: `${word}@example.com`, interest: 'community' });
  await page.goto(`/admin?lead=${id}`);
  const template = page.getByRole('dialog', { name: 'Submission details' }).getByLabel('Template');
  await expect(template.getByRole('option', { name })).toHaveCount(1);

  // Deleting asks for a second press.
  await page.goto('/admin/settings#templates');
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await card.getByRole('button', { name: 'Keep it' }).click();
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await card.getByRole('button', { name: `Delete ${name} for good` }).click();
  await expect(card).toBeHidden();
});

const ENDPOINTS = 3;
const TESTS_PER_ENDPOINT = 40;

/** Endpoints with a long delivery log each (test events, delivered), as a team has them after weeks. */
async function endpointsWithDeliveries(page: Page, receiverUrl: string): Promise<Array<{ id: string; url: string }>> {
  const endpoints = [];
  for (let i = 0; i < ENDPOINTS; i += 1) {
    const url = `${receiverUrl}/${i}-${Date.now()}`;
    const created = await page.request.post('/api/admin/webhooks', {
      data: { url, format: 'standard', events: ['lead.created'], active: true },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    for (let n = 0; n < TESTS_PER_ENDPOINT; n += 1) {
      expect((await page.request.post(`/api/admin/webhooks/${id}/test`)).status()).toBe(202);
    }
    endpoints.push({ id, url });
  }
  for (const { id } of endpoints) {
    await expect
      .poll(async () => {
        const log = (await (await page.request.get(`/api/admin/webhooks/${id}/deliveries`)).json()) as Array<{ state: string }>;
        return log.filter((delivery) => delivery.state === 'delivered').length;
      })
      .toBe(TESTS_PER_ENDPOINT);
  }
  return endpoints;
}

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: PHONE });

  test('Settings → Webhooks with long delivery logs stays a few screens tall; each log shows more on request', async ({
    page,
  }) => {
    const receiver = await startReceiver();
    await signIn(page);
    const endpoints = await endpointsWithDeliveries(page, receiver.url);
    try {
      await page.goto('/admin/settings/webhooks');
      for (const { url } of endpoints) {
        await expect(
          page
            .getByRole('region', { name: `Webhook ${url}` })
            .getByRole('row')
            .nth(1),
        ).toContainText('webhook.test');
      }
      // Only the section the address names is open; the others are a heading each.
      for (const name of SECTIONS) {
        await expect(sectionHeading(page, name).getByRole('button')).toHaveAttribute(
          'aria-expanded',
          String(name === 'Webhooks'),
        );
      }
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      console.log(
        `Settings → Webhooks on a 390 × 844 phone, ${ENDPOINTS} endpoints × ${TESTS_PER_ENDPOINT} deliveries: ${height} px tall`,
      );
      // It was 27,902 px here (the issue measured 31,646): every delivery of every log, stacked.
      // About 3,700 px now, and some 400 more once the other files' leads fill the spreadsheet
      // copy's log on the same page: six screens leaves room for that.
      expect(height).toBeLessThanOrEqual(6 * PHONE.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      // The newest three of each log, and the rest twenty at a time.
      const first = page.getByRole('region', { name: `Webhook ${endpoints[0].url}` });
      // (On a phone a log has no header row: each delivery is a block of labelled values.)
      await expect(first.getByRole('row')).toHaveCount(3);
      await expect(first.getByText(`The newest 3 of ${TESTS_PER_ENDPOINT}.`)).toBeVisible();
      await first.getByRole('button', { name: 'Show 20 more' }).click();
      await expect(first.getByRole('row')).toHaveCount(23);
      await first.getByRole('button', { name: 'Show 17 more' }).click();
      await expect(first.getByRole('row')).toHaveCount(TESTS_PER_ENDPOINT);
      await expect(first.getByRole('button', { name: /^Show \d+ more$/ })).toHaveCount(0);
    } finally {
      for (const { id } of endpoints) await page.request.delete(`/api/admin/webhooks/${id}`);
      await receiver.stop();
    }
  });

  test('Settings starts as a list of folded sections; a tap on one in the list opens it in view', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/settings');
    for (const name of SECTIONS) {
      await expect(sectionHeading(page, name).getByRole('button')).toHaveAttribute('aria-expanded', 'false');
    }
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    console.log(`Settings on a 390 × 844 phone, every section folded: ${height} px tall`);
    expect(height).toBeLessThanOrEqual(PHONE.height);

    await sectionList(page).getByRole('link', { name: 'Routing' }).click();
    await expect(sectionHeading(page, 'Routing').getByRole('button')).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: 'Try it' })).toBeVisible();
    await expect(sectionHeading(page, 'Routing')).toBeInViewport();

    // A section's heading folds it again, and unfolds it.
    await sectionHeading(page, 'Routing').getByRole('button').click();
    await expect(page.getByRole('button', { name: 'Try it' })).toBeHidden();
    await sectionHeading(page, 'E-mail').getByRole('button').click();
    await expect(page.getByTestId('email-status')).toBeVisible();
  });
});
