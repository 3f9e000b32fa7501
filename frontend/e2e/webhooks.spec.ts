import AxeBuilder from '@axe-core/playwright';
import { createContact, expect, signIn, test, unique } from './fixtures';
import { startReceiver } from './webhook-receiver';

test('an admin adds a webhook, copies its secret, tests it, sees a failure and sends it again, edits and deletes it', async ({
  page,
  context,
  request,
}) => {
  const receiver = await startReceiver();
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page);
    await page.goto('/admin/settings/webhooks');
    await expect(page.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeInViewport();

    await page.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Signing secret' });
    const secret = await dialog.getByRole('textbox', { name: 'Secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByRole('button', { name: 'Copy secret' }).click();
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await dialog.getByRole('button', { name: 'Done' }).click();

    const endpoint = page.getByRole('region', { name: `Webhook ${receiver.url}` });
    await endpoint.getByRole('button', { name: 'Send test' }).click();
    const log = endpoint.getByRole('table', { name: `Deliveries to ${receiver.url}` });
    await expect(log.getByRole('row').nth(1)).toContainText('webhook.test');
    await expect(log.getByRole('row').nth(1)).toContainText('delivered');
    expect(receiver.state.received.map((body) => (JSON.parse(body) as { type: string }).type)).toEqual(['webhook.test']);

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target) }))).toEqual([]);

    // The receiver breaks: the next test fails (a 400 is not retried) and shows why.
    receiver.state.status = 400;
    await endpoint.getByRole('button', { name: 'Send test' }).click();
    await expect(log.getByRole('row').nth(1)).toContainText('failed');
    await expect(log.getByRole('row').nth(1)).toContainText('HTTP 400');

    receiver.state.status = 200;
    await log.getByRole('row').nth(1).getByRole('button', { name: 'Send webhook.test again' }).click();
    await expect(log.getByRole('row').nth(1)).toContainText('delivered');
    expect(receiver.state.received).toHaveLength(3);

    // Paused, then resumed: the page says which, and the API keeps it.
    await endpoint.getByRole('button', { name: 'Pause' }).click();
    await expect(endpoint).toContainText('inactive');
    await page.reload();
    await expect(endpoint).toContainText('inactive');
    await endpoint.getByRole('button', { name: 'Resume' }).click();
    await expect(endpoint).not.toContainText('inactive');

    // Rotating the secret asks first: Cancel keeps it, Rotate shows the new one.
    await endpoint.getByRole('button', { name: 'Rotate secret' }).click();
    const rotate = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await rotate.getByRole('button', { name: 'Cancel' }).click();
    await expect(rotate).toBeHidden();
    await endpoint.getByRole('button', { name: 'Rotate secret' }).click();
    await rotate.getByRole('button', { name: 'Rotate secret' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Secret' })).not.toHaveValue(secret);
    await expect(dialog).toContainText('webhook-signature');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Edited in a dialog: the format and events change, the URL stays; a Slack message is for new leads only.
    await endpoint.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit endpoint' });
    await expect(edit.getByRole('textbox', { name: 'URL' })).toHaveValue(receiver.url);
    await edit.getByRole('checkbox', { name: 'lead.erased' }).check();
    await edit.getByRole('combobox', { name: 'Format' }).click();
    await page.getByRole('option', { name: 'Slack / Mattermost message' }).click();
    await expect(edit.getByRole('checkbox', { name: 'lead.erased' })).toBeDisabled();
    await expect(edit.getByRole('checkbox', { name: 'lead.erased' })).not.toBeChecked();
    await expect(edit.getByRole('checkbox', { name: 'lead.updated' })).toBeDisabled();
    await expect(edit.getByRole('checkbox', { name: 'lead.created' })).toBeChecked();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(endpoint).toContainText('Slack message · lead.created');

    // Deleting asks first: Cancel keeps the endpoint, Delete removes it.
    await endpoint.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await endpoint.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(endpoint).toBeHidden();

    // The spreadsheet copy (SHEETS_WEBHOOK_URL is set for this server) has its card and log here too.
    await createContact(request, { name: unique('Sheet'), email: 'sheet@example.com', interest: 'community' });
    await page.reload();
    const sheetLog = page
      .getByRole('region', { name: 'Spreadsheet' })
      .getByRole('table', { name: 'Deliveries to the spreadsheet' });
    await expect(sheetLog.getByRole('row').nth(1)).toContainText('delivered');
  } finally {
    await receiver.stop();
  }
});

test('a Slack endpoint is added without a word of signatures, the form starts afresh, and a phone shows it all', async ({
  page,
}) => {
  const receiver = await startReceiver();
  try {
    await signIn(page);
    await page.goto('/admin/settings/webhooks');
    const url = `${receiver.url}/${unique('slack').replace(' ', '-')}`;
    await page.getByRole('textbox', { name: 'URL' }).fill(url);
    await page.getByRole('combobox', { name: 'Format' }).click();
    await page.getByRole('option', { name: 'Slack / Mattermost message' }).click();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(dialog).toContainText('Slack messages are not signed');
    await expect(dialog).not.toContainText('webhook-signature');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The next endpoint starts as Standard Webhooks again, with its default event.
    await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Format' })).toHaveText('Standard Webhooks (signed JSON)');
    await expect(page.getByRole('checkbox', { name: 'lead.updated' })).toBeEnabled();

    const endpoint = page.getByRole('region', { name: `Webhook ${url}` });
    await endpoint.getByRole('button', { name: 'Send test' }).click();
    await expect(endpoint.getByRole('button', { name: 'Send webhook.test again' })).toBeEnabled();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth))
      .toBe(true);
    for (const name of ['Rotate secret', 'Delete', 'Send webhook.test again']) {
      const box = await endpoint.getByRole('button', { name }).first().boundingBox();
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
    }
    await endpoint.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(endpoint).toBeHidden();
  } finally {
    await receiver.stop();
  }
});
