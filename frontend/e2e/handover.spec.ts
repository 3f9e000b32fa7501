import type { Browser, Page } from '@playwright/test';
import { createContact, expect, signIn, test, unique } from './fixtures';

const PASSWORD = 'e2e amber harbour lantern 9';

/** A member made through the admin's invitation (the admin's `page` is signed in): their id and display name. */
async function member(page: Page, browser: Browser, name: string): Promise<{ id: string; displayName: string }> {
  const res = await page.request.post('/api/admin/invitations', {
    data: { email: `${unique(name).replace(/\W+/g, '.')}@example.com`, role: 'member' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const token = new URL(((await res.json()) as { inviteUrl: string }).inviteUrl, 'http://x').hash.slice(1);
  const context = await browser.newContext();
  const displayName = unique(name);
  const accepted = await context.request.post(`${test.info().project.use.baseURL}/api/auth/invitations/accept`, {
    data: { token, username: unique(name).replace(/\W+/g, ''), password: PASSWORD, displayName },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  const { id } = (await accepted.json()) as { id: string };
  await context.close();
  return { id, displayName };
}

test('disabling a teammate asks first and hands their open leads to another; the admin still finds the rest by their name', async ({
  page,
  browser,
}) => {
  await signIn(page);
  const olga = await member(page, browser, 'Olga Owner');
  const rita = await member(page, browser, 'Rita Receiver');
  const open = [unique('Open Lead A'), unique('Open Lead B')];
  const qualified = unique('Qualified Lead');
  for (const name of [...open, qualified]) {
    const id = await createContact(page.request, {
      name,
      email: `${name.replace(/\W+/g, '.').toLowerCase()}@example.com`,
      interest: 'partnership',
    });
    const status = name === qualified ? { status: 'qualified' } : {};
    const res = await page.request.patch(`/api/admin/contacts/${id}`, { data: { assigneeId: olga.id, ...status } });
    expect(res.status(), await res.text()).toBe(200);
  }

  await page.goto('/admin/team');
  const row = page.getByRole('article', { name: olga.displayName });
  await expect(row).toContainText('2 open leads');
  // Cancelled, nothing changes; confirmed, the leads go where the admin chose.
  await row.getByRole('button', { name: `Disable ${olga.displayName}` }).click();
  await page
    .getByRole('dialog', { name: `Disable ${olga.displayName}?` })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Disable ${olga.displayName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Disable ${olga.displayName}?` });
  await expect(dialog).toContainText(`${olga.displayName} owns 2 open leads (new or contacted).`);
  await dialog.getByRole('radio', { name: /Hand them to/ }).check();
  await dialog.getByLabel('Hand the leads to').selectOption({ label: rita.displayName });
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Disabled');

  // The open leads are Rita's now; the qualified one stayed Olga's, named as she is.
  await page.goto('/admin');
  for (const name of open)
    await expect(page.getByLabel(`Assignee of ${name}`).locator('option:checked')).toHaveText(rita.displayName);
  await page.getByRole('button', { name: `${olga.displayName} (disabled)` }).click();
  await expect(page).toHaveURL(new RegExp(`assignee=${olga.id}`));
  await expect(page.getByTestId('submission')).toHaveCount(1);
  await expect(page.getByLabel(`Assignee of ${qualified}`).locator('option:checked')).toHaveText(
    `${olga.displayName} (disabled)`,
  );
});
