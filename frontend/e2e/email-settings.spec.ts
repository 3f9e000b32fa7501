import AxeBuilder from '@axe-core/playwright';
import { ADMIN } from './admin-account';
import { createContact, expect, signIn, test, unique } from './fixtures';

test.afterEach(async ({ page }) => {
  // The auto-reply goes off again, as a new install has it, for the tests after this one.
  await page.request.put('/api/admin/settings/auto-reply', {
    data: { enabled: false, subject: 'Thanks for getting in touch', body: 'Hi {name}', fromName: null, replyTo: null },
  });
});

test("an admin tests e-mail, writes the auto-reply with a preview and saves it; a lead's drawer lists its e-mails", async ({
  page,
}) => {
  // The test e-mail goes to the admin's own address (ADMIN_EMAIL of the run's server).
  await signIn(page);

  await page.goto('/admin/settings/email');
  // The address of the page E-mail had of its own: the settings page, at its E-mail section.
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'E-mail' })).toBeInViewport();
  await expect(page.getByTestId('email-status')).toHaveText(
    'E-mail is set up: it is sent from TalentFlow leads <leads@example.com>.',
  );
  await page.getByRole('button', { name: 'Send a test e-mail' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Sent to ${ADMIN.email}` })).toContainText(
    'The mail server answered: 250',
  );

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target) }))).toEqual([]);

  const form = page.getByRole('form', { name: 'Auto-reply' });
  const subject = form.getByRole('textbox', { name: 'Subject' });
  const body = form.getByRole('textbox', { name: 'Message' });
  await form.getByRole('switch', { name: 'Send an auto-reply to each visitor' }).check();
  await subject.fill('We got your message');
  await body.fill('Hello {name},\n\nThanks for writing. We answer within a day.');
  const preview = form.getByRole('region', { name: 'Preview' });
  await expect(preview.getByTestId('preview-subject')).toHaveText('We got your message');
  await expect(preview.getByTestId('preview-body')).toHaveText(
    'Hello Ada Lovelace,\n\nThanks for writing. We answer within a day.',
  );
  // Past the API's limit, the form says so and sends nothing.
  await subject.fill('x'.repeat(201));
  await subject.blur();
  await expect(form.getByText('The subject must be at most 200 characters')).toBeVisible();
  await subject.fill('We got your message');
  // Who it is from and where an answer goes.
  const replyTo = form.getByRole('textbox', { name: 'Reply-To address' });
  await replyTo.fill('not an address');
  await replyTo.blur();
  await expect(form.getByText('Please enter an e-mail address')).toBeVisible();
  await replyTo.fill('team@example.com');
  await form.getByRole('textbox', { name: 'Sender name' }).fill('The recruiting team');

  const saved = page.waitForResponse((res) => res.request().method() === 'PUT' && res.status() === 200);
  await form.getByRole('button', { name: 'Save' }).click();
  await saved;
  await expect(page.getByText('Auto-reply saved')).toBeVisible();

  await page.reload();
  await expect(form.getByRole('switch', { name: 'Send an auto-reply to each visitor' })).toBeChecked();
  await expect(subject).toHaveValue('We got your message');
  await expect(body).toHaveValue('Hello {name},\n\nThanks for writing. We answer within a day.');
  await expect(replyTo).toHaveValue('team@example.com');
  await expect(form.getByRole('textbox', { name: 'Sender name' })).toHaveValue('The recruiting team');

  // A visitor writes: the drawer lists the auto-reply to them and the notice to the admin, sent.
  const id = await createContact(page.request, {
    name: unique('Grace'),
    email: `${unique('grace').replace(/\W+/g, '')}@example.com`,
    interest: 'empower-team',
  });
  await page.goto(`/admin?lead=${id}`);
  const emails = page.getByRole('dialog').getByRole('region', { name: 'E-mails' });
  await expect(emails.getByRole('listitem').filter({ hasText: 'Auto-reply to the visitor' })).toHaveText(
    /^Auto-reply to the visitor: Sent \(.+\), 1 attempt$/,
  );
  // One notice to each teammate whose choice is mine (the default) with an address (the admin's among them), each sent.
  const notices = emails.getByRole('listitem').filter({ hasText: 'New lead notice to a teammate' });
  await expect(notices.first()).toBeVisible();
  for (const notice of await notices.all()) await expect(notice).toContainText('Sent');
});
