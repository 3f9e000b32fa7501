import type { APIRequestContext, Page } from '@playwright/test';
import { createContact, expect, signIn, test, unique } from './fixtures';

const PASSWORD = 'e2e violet meadow compass 7';

/** The path and fragment of an invitation link (whatever origin the API wrote into it). */
function invitePath(inviteUrl: string): string {
  const url = new URL(inviteUrl);
  return `${url.pathname}${url.hash}`;
}

/** An admin's invitation for `role`, made through the API; answers its link. */
async function invite(admin: APIRequestContext, role: 'member' | 'viewer'): Promise<string> {
  const res = await admin.post('/api/admin/invitations', {
    data: { email: `${unique(role).replace(/\W+/g, '.')}@example.com`, role },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { inviteUrl: string }).inviteUrl;
}

/** Accepts an invitation through the API in `page`'s context, which is then signed in as that person. */
async function acceptThroughApi(page: Page, inviteUrl: string, username: string): Promise<void> {
  const token = new URL(inviteUrl).hash.slice(1);
  const res = await page.request.post('/api/auth/invitations/accept', { data: { token, username, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(201);
}

test('an admin invites a member, who joins, assigns a lead to themself and finds it under "Assigned to me"', async ({
  page,
  browser,
}) => {
  const lead = unique('Katherine Johnson');
  await createContact(page.request, { name: lead, email: 'katherine.johnson@example.com', interest: 'partnership' });

  // The admin invites from the Team page and copies the link.
  await signIn(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  const email = `${unique('member').replace(/\W+/g, '.')}@example.com`;
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('member');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByLabel('Invitation link')).toHaveValue(/\/admin\/invite#.{32,}/);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied.')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(await page.getByLabel('Invitation link').inputValue());
  await expect(page.getByRole('article', { name: email })).toContainText('Invited');

  // The member accepts in a browser of their own; the token never leaves it in a URL.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  const token = new URL(link).hash.slice(1);
  const urlsWithToken: string[] = [];
  member.on('request', (request) => {
    if (request.url().includes(token) || (request.headers().referer ?? '').includes(token)) urlsWithToken.push(request.url());
  });
  await member.goto(invitePath(link));
  const username = unique('grace').replace(/\W+/g, '');
  await member.getByLabel('Username').fill(username);
  await member.getByLabel('Display name').fill('Grace Member');
  await member.getByLabel('Password').fill(PASSWORD);
  await member.getByRole('button', { name: 'Join and sign in' }).click();
  await expect(member.getByRole('heading', { name: 'Recent Submissions' })).toBeVisible();
  expect(urlsWithToken).toEqual([]);

  // A member triages, but has no Team page and no erasure.
  await expect(member.getByRole('link', { name: 'Team' })).toHaveCount(0);
  await expect(member.getByRole('button', { name: 'Erase a person' })).toHaveCount(0);
  await member.getByLabel(`Assignee of ${lead}`).selectOption({ label: 'Grace Member (me)' });
  await expect(member.getByLabel(`Assignee of ${lead}`)).toBeEnabled();

  await member.getByRole('button', { name: 'Assigned to me' }).click();
  await expect(member).toHaveURL(/assignee=me/);
  await expect(member.getByTestId('submission')).toHaveCount(1);
  await expect(member.getByRole('row', { name: lead })).toBeVisible();

  // The history names who assigned.
  await member.getByRole('button', { name: lead }).click();
  await expect(member.getByTestId('history')).toContainText('Grace Member');
  await memberContext.close();

  // The admin's list shows the member as active now.
  await page.reload();
  await expect(page.getByRole('article', { name: 'Grace Member' })).toContainText('Active');
});

test('a viewer sees the leads and no control that would change one', async ({ page, browser }) => {
  const lead = unique('Mary Jackson');
  await createContact(page.request, { name: lead, email: 'mary.jackson@example.com', interest: 'community' });
  await signIn(page);
  const inviteUrl = await invite(page.request, 'viewer');

  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await acceptThroughApi(viewer, inviteUrl, unique('viewer').replace(/\W+/g, ''));
  await viewer.goto('/admin');
  await expect(viewer.getByRole('heading', { name: 'Recent Submissions' })).toBeVisible();
  await expect(viewer.getByRole('row', { name: lead })).toBeVisible();
  await expect(viewer.getByLabel(`Status of ${lead}`)).toBeDisabled();
  await expect(viewer.getByLabel(`Assignee of ${lead}`)).toBeDisabled();
  for (const name of ['Export CSV', 'Erase a person']) {
    await expect(viewer.getByRole('button', { name })).toHaveCount(0);
    await expect(viewer.getByRole('link', { name })).toHaveCount(0);
  }
  await expect(viewer.getByRole('link', { name: 'Team' })).toHaveCount(0);

  await viewer.getByRole('button', { name: lead }).click();
  const drawer = viewer.getByRole('dialog', { name: 'Submission details' });
  await expect(drawer.getByText('No notes yet.')).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'New note' })).toHaveCount(0);
  for (const name of ['Delete', 'Add note', 'Send again']) await expect(drawer.getByRole('button', { name })).toHaveCount(0);
  await expect(drawer.getByLabel(`Status of ${lead}`)).toBeDisabled();
  await expect(drawer.getByLabel(`Assignee of ${lead}`)).toBeDisabled();
  await viewerContext.close();
});
