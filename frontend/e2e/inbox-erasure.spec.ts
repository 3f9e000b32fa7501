import { createContact, expect, signIn, test } from './fixtures';

// Repeat leads, where a lead came from, and erasure, as the dashboard shows them. Each test
// looks at its own leads through a search for a word no other lead has.
let serial = 0;
const token = () => `zr${Date.now().toString(36)}${(serial += 1)}`;

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('a repeat lead is marked, its drawer shows where it came from and the other submission; Delete asks first', async ({
  page,
  request,
}) => {
  const word = token();
  const firstId = await createContact(request, {
    name: `First ${word}`,
    email: `rep.${word}@example.com`,
    interest: 'community',
  });
  const again = await request.post('/api/contact', {
    data: {
      name: `Again ${word}`,
      email: `Rep.${word}@EXAMPLE.com`,
      interest: 'partnership',
      utmSource: 'newsletter',
      utmCampaign: 'autumn',
      landingPath: '/',
    },
  });
  expect(again.status(), await again.text()).toBe(201);

  await page.goto(`/admin?q=${word}`);
  await expect(page.getByTestId('submission')).toHaveCount(2);
  await expect(page.getByRole('row', { name: `Again ${word}` }).getByText('Repeat')).toBeVisible();
  await expect(page.getByRole('row', { name: `First ${word}` }).getByText('Repeat')).toHaveCount(0);

  await page.getByRole('button', { name: `Again ${word}` }).click();
  const drawer = page.getByRole('dialog', { name: 'Submission details' });
  const origin = drawer.getByRole('region', { name: 'Where the lead came from' });
  await expect(origin).toContainText('newsletter');
  await expect(origin).toContainText('autumn');
  const others = drawer.getByRole('region', { name: 'Other submissions of this person' });
  await expect(others).toContainText('TA Builder Community, New');
  await others.getByRole('button').click();
  await expect(drawer.getByRole('article', { name: `First ${word}` })).toBeVisible();

  await drawer.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this submission?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  expect((await page.request.get(`/api/admin/contacts/${firstId}`)).status()).toBe(200);
  await drawer.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('toast')).toContainText('Submission deleted');
  await expect(page.getByRole('row', { name: `First ${word}` })).toHaveCount(0);
  await expect(page.getByRole('row', { name: `Again ${word}` })).toBeVisible();
  expect((await page.request.get(`/api/admin/contacts/${firstId}`)).status()).toBe(404);
});

test('Erase a person erases every submission of one e-mail address', async ({ page, request }) => {
  const word = token();
  await createContact(request, { name: `Erase One ${word}`, email: `erase.${word}@example.com`, interest: 'community' });
  await createContact(request, { name: `Erase Two ${word}`, email: `erase.${word}@example.com`, interest: 'empower-team' });
  await createContact(request, { name: `Keep ${word}`, email: `keep.${word}@example.com`, interest: 'community' });
  await page.goto(`/admin?q=${word}`);
  await expect(page.getByTestId('submission')).toHaveCount(3);

  await page.getByRole('button', { name: 'Erase a person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase a person' });
  await dialog.getByRole('textbox', { name: 'Email Address' }).fill(` ERASE.${word}@example.com `);
  await dialog.getByRole('button', { name: 'Erase' }).click();
  await expect(page.getByTestId('toast')).toContainText('Erased 2 submissions');
  await expect(page.getByTestId('submission')).toHaveCount(1);
  await expect(page.getByRole('row', { name: `Keep ${word}` })).toBeVisible();
});
