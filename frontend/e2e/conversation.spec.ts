import type { Browser, Page } from '@playwright/test';
import { createContact, expect, signIn, test, unique } from './fixtures';
import { deliverToMailbox } from './imap-mailbox';
import { INBOUND_EMAIL_SECRET, REPLY_ADDRESS } from './inbound';
import { mailWithSubject } from './mail-inbox';

// The conversation from the drawer: a teammate answers, the lead's reply with a CV comes back
// by the team's IMAP mailbox (or POST /api/inbound/email) and shows in another open drawer by itself.

const PASSWORD = 'e2e amber quarry lantern 9';

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Submission details' });
const conversation = (page: Page) => drawer(page).getByTestId('conversation');

/** A signed-in member of their own browser context, with a display name. */
async function member(browser: Browser, admin: Page, displayName: string) {
  const invitation = await admin.request.post('/api/admin/invitations', {
    data: { email: `${unique('member').replace(/\W+/g, '.')}@example.com`, role: 'member' },
  });
  expect(invitation.status(), await invitation.text()).toBe(201);
  const token = new URL(((await invitation.json()) as { inviteUrl: string }).inviteUrl).hash.slice(1);
  const context = await browser.newContext();
  const page = await context.newPage();
  const accepted = await page.request.post('/api/auth/invitations/accept', {
    data: { token, username: unique('member').replace(/\W+/g, ''), password: PASSWORD, displayName },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  return { page, context };
}

/** A lead of its own; its name, address, id and the dashboard URL that opens its drawer. */
async function lead(page: Page) {
  const word = unique('conv').replace(/\W+/g, '');
  const name = `Grace ${word}`;
  const email = `${word}@example.com`;
  const id = await createContact(page.request, { name, email, interest: 'community' });
  return { name, email, id, url: `/admin?q=${word}&lead=${id}` };
}

/** The lead's answer as its mail server would hand it on: text, the quoted history, a PDF. */
function answer(from: string, subject: string): string {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n').toString('base64');
  return [
    `From: Grace <${from}>`,
    `To: ${REPLY_ADDRESS}`,
    `Subject: Re: ${subject}`,
    `Message-ID: <${unique('answer').replace(/\W+/g, '')}@mail.example.org>`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="cv-boundary"',
    '',
    '--cv-boundary',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Here is my CV, happy to talk on Tuesday.',
    '',
    'On Monday, the team wrote:',
    '> Could you send us your CV?',
    '--cv-boundary',
    'Content-Type: application/pdf; name="cv.pdf"',
    'Content-Disposition: attachment; filename="cv.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    pdf,
    '--cv-boundary--',
    '',
  ].join('\r\n');
}

async function postAnswer(page: Page, raw: string): Promise<void> {
  const res = await page.request.post('/api/inbound/email', {
    headers: { Authorization: `Bearer ${INBOUND_EMAIL_SECRET}`, 'Content-Type': 'message/rfc822' },
    data: Buffer.from(raw),
  });
  expect(res.status(), await res.text()).toBe(202);
  expect(((await res.json()) as { stored: number }).stored).toBe(1);
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("a member replies from the drawer; the lead's answer with a CV arrives by IMAP, shows in a teammate's open drawer, and downloads", async ({
  page,
  browser,
}) => {
  const ann = await member(browser, page, unique('Ann'));
  const grace = await lead(page);
  const subject = unique('About the role');
  await Promise.all([page.goto(grace.url), ann.page.goto(grace.url)]);
  await expect(conversation(page)).toContainText('No messages yet.');

  const box = conversation(ann.page);
  await box.getByLabel('Subject (optional)').fill(subject);
  await box.getByLabel('Reply', { exact: true }).fill('Could you send us your CV?');
  await box.getByRole('button', { name: 'Send', exact: true }).click();
  const sent = box.getByTestId('message');
  await expect(sent).toContainText('Could you send us your CV?');
  await expect(sent).toContainText('You');
  await expect(box.getByLabel('Reply', { exact: true })).toHaveValue('');
  const mail = await mailWithSubject(page.request, grace.email, subject);
  expect(mail.text).toContain('Could you send us your CV?');
  await expect(sent.getByTestId('message-state')).toHaveText('Sent');
  // The admin's open drawer shows it too, by the live event (how fast: make bench's
  // bench:inbound and bench:live-events; here, that it arrives, on a loaded machine too).
  await expect(conversation(page).getByTestId('message')).toContainText('Could you send us your CV?');

  // Delivered to the team's mailbox, which the API reads (IDLE) and stores on the lead.
  await deliverToMailbox(answer(grace.email, subject));
  const reply = conversation(page).getByTestId('message').nth(1);
  await expect(reply).toContainText('Here is my CV, happy to talk on Tuesday.');
  await expect(reply).not.toContainText('Could you send us your CV?');
  await reply.getByRole('button', { name: 'Show quoted text' }).click();
  await expect(reply).toContainText('> Could you send us your CV?');
  // Once the lead has written, the subject is theirs (Re:).
  await expect(conversation(page).getByLabel('Subject (optional)')).toHaveCount(0);

  const file = reply.getByRole('link', { name: 'cv.pdf' });
  await expect(file).toHaveAttribute('download', 'cv.pdf');
  const [download] = await Promise.all([page.waitForEvent('download'), file.click()]);
  expect(download.suggestedFilename()).toBe('cv.pdf');
  await ann.context.close();
});

test('a reply on a stale screen after a teammate answered shows who answered, keeps the draft, and sends anyway', async ({
  page,
  browser,
  consoleGuard,
}) => {
  // The refused send's answer, which the browser logs.
  consoleGuard.allow(/status of 412 .* @ .*\/api\/admin\/contacts\/[0-9a-f-]+\/messages$/);
  const annName = unique('Ann');
  const ann = await member(browser, page, annName);
  const grace = await lead(page);
  // The admin's screen hears nothing (its event stream answers, then stays silent): it goes stale.
  await page.route('**/api/admin/events', (route) =>
    route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'retry: 600000\n\n' }),
  );
  await page.goto(grace.url);
  await expect(conversation(page)).toContainText('No messages yet.');
  const draft = conversation(page).getByLabel('Reply', { exact: true });
  await draft.fill('We would love to talk');

  const first = await ann.page.request.post(`/api/admin/contacts/${grace.id}/messages`, { data: { body: 'Hello from Ann' } });
  expect(first.status(), await first.text()).toBe(201);

  await conversation(page).getByRole('button', { name: 'Send', exact: true }).click();
  const notice = conversation(page).getByTestId('reply-conflict');
  await expect(notice).toContainText(`${annName} answered while you were writing.`);
  await expect(draft).toHaveValue('We would love to talk');
  await expect(conversation(page).getByTestId('message')).toContainText('Hello from Ann');

  await notice.getByRole('button', { name: 'Send anyway' }).click();
  await expect(notice).toHaveCount(0);
  await expect(conversation(page).getByTestId('message').nth(1)).toContainText('We would love to talk');
  await expect(draft).toHaveValue('');
  await ann.context.close();
});

test('on a phone (390 px) the thread reads without sideways scrolling and the reply goes by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const grace = await lead(page);
  const subject = unique('Phone');
  const sent = await page.request.post(`/api/admin/contacts/${grace.id}/messages`, {
    data: {
      subject,
      body: `A long line without spaces: ${'x'.repeat(200)} and a https://example.com/${'path/'.repeat(30)} link`,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await postAnswer(page, answer(grace.email, subject));
  await page.goto(grace.url);
  const thread = conversation(page);
  await expect(thread.getByTestId('message')).toHaveCount(2);
  await expect(thread.getByTestId('message').nth(1)).toContainText('Here is my CV');

  const paper = drawer(page);
  await expect.poll(() => paper.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // By keyboard: the toggle, then the reply and Send.
  await thread.getByRole('button', { name: 'Show quoted text' }).focus();
  await page.keyboard.press('Enter');
  await expect(thread.getByRole('button', { name: 'Hide quoted text' })).toBeVisible();
  await thread.getByLabel('Reply', { exact: true }).focus();
  await page.keyboard.type('Tuesday works, talk then');
  await page.keyboard.press('Tab');
  await expect(thread.getByRole('button', { name: 'Send', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(thread.getByTestId('message').nth(2)).toContainText('Tuesday works, talk then');
});

test('a long thread opens on its newest messages; "Show earlier messages" brings the rest, and the keyboard goes on from the top', async ({
  page,
}) => {
  const grace = await lead(page);
  for (let number = 1; number <= 23; number += 1) {
    const sent = await page.request.post(`/api/admin/contacts/${grace.id}/messages`, {
      data: { ...(number === 1 ? { subject: unique('Long thread') } : {}), body: `Message number ${number}.` },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  await page.goto(grace.url);
  const thread = conversation(page);
  const messages = thread.getByTestId('message');
  await expect(messages).toHaveCount(20);
  // Oldest first, the newest at the end, beside the reply box.
  await expect(messages.first()).toContainText('Message number 4.');
  await expect(messages.last()).toContainText('Message number 23.');
  await expect(thread.getByText('Message number 3.')).toHaveCount(0);

  const earlier = thread.getByRole('button', { name: 'Show 3 earlier messages' });
  await earlier.focus();
  await page.keyboard.press('Enter');
  await expect(messages).toHaveCount(23);
  await expect(messages.first()).toContainText('Message number 1.');
  await expect(thread.getByRole('button', { name: /earlier message/ })).toHaveCount(0);
  await expect(thread.getByRole('list', { name: 'Messages' })).toBeFocused();
});
