import { expect, test, unique } from './fixtures';
import { invitedMember, mailWithSubject, MEMBER_PASSWORD } from './mail-inbox';

test('the account page changes the e-mail by password and a link to the new inbox; the old address is told', async ({
  page,
  browser,
}) => {
  const word = unique('move').replace(/\W+/g, '');
  const oldAddress = `move.${word}@example.com`;
  const newAddress = `moved.${word}@example.com`;
  const member = await invitedMember(page, oldAddress);
  const login = await page.request.post('/api/auth/login', { data: { username: member.username, password: MEMBER_PASSWORD } });
  expect(login.status()).toBe(200);

  await page.goto('/admin/account');
  const panel = page.getByRole('region', { name: 'E-mail address' });
  await expect(panel.getByText(`Your e-mails go to ${oldAddress}.`)).toBeVisible();
  await panel.getByLabel('New e-mail address').fill(newAddress);
  await panel.getByLabel('Your password').fill(MEMBER_PASSWORD);
  await panel.getByRole('button', { name: 'Send the confirmation link' }).click();
  await expect(panel.getByRole('status')).toContainText('Check your new inbox');

  const mail = await mailWithSubject(page.request, newAddress, 'Confirm your new e-mail address');
  const link = /^Confirm this address: (\S+)$/m.exec(mail.text)![1];
  expect(new URL(link).pathname).toBe('/admin/confirm-email');

  // Opened where nobody is signed in (another device): the page names the account and the new
  // address, and opening it confirms nothing (mail scanners open links)...
  const elsewhere = await browser.newContext();
  const tab = await elsewhere.newPage();
  const response = await tab.goto(link);
  expect(response?.status()).toBe(200);
  await expect(tab.getByText(`Confirm ${newAddress} as the e-mail address of the account ${member.username}?`)).toBeVisible();
  await tab.reload();
  const button = tab.getByRole('button', { name: 'Confirm the address' });
  await expect(button).toBeVisible();
  const unconfirmed = await page.request.get('/api/auth/me');
  expect(((await unconfirmed.json()) as { email: string }).email).toBe(oldAddress);
  // ...the button does.
  await button.click();
  await expect(tab.getByRole('status').filter({ hasText: 'Your e-mail address is changed' })).toBeVisible();
  // Used up: opened again, the link says so.
  await tab.reload();
  await expect(tab.getByRole('alert')).toContainText('This link is no longer valid.');
  await elsewhere.close();

  await mailWithSubject(page.request, oldAddress, 'Your e-mail address was changed');
  // The other sessions ended, this browser's among them: signed in again, the account has the new address.
  const again = await page.request.post('/api/auth/login', { data: { username: member.username, password: MEMBER_PASSWORD } });
  expect(again.status()).toBe(200);
  await page.goto('/admin/account');
  await expect(page.getByText(`Your e-mails go to ${newAddress}.`)).toBeVisible();
});
