import { calcomBooking, postCalcomBooking } from './booking';
import { expect, signIn, test, unique } from './fixtures';

// Booking links: the admin sets their own link and the team's, a lead books through it, and the
// signed Cal.com booking that comes back shows on the lead's row and in its drawer.

test('the account and the team set their booking links; a booked meeting shows on the row and in the drawer', async ({
  page,
}) => {
  await signIn(page);

  // Account → Booking link: an http link is refused in the form, an https one saved.
  await page.goto('/admin/account');
  const link = page.getByRole('textbox', { name: 'Your booking link' });
  await link.fill('http://cal.com/admin');
  await link.blur();
  await expect(page.getByText('Please enter a link that starts with https://')).toBeVisible();
  await link.fill('https://cal.com/e2e-admin/intro');
  await page.getByRole('button', { name: 'Save link' }).click();
  await expect(page.getByText('Booking link saved')).toBeVisible();

  // Settings → Booking link: the team's link and its tool.
  await page.goto('/admin/settings#booking');
  const team = page.getByRole('form', { name: 'Team booking link' });
  await team.getByRole('textbox', { name: 'Team booking link' }).fill('https://cal.com/e2e-team/intro');
  await team.getByRole('combobox', { name: 'Scheduling tool' }).selectOption('calcom');
  const saved = page.waitForResponse((res) => res.request().method() === 'PUT' && res.url().endsWith('/settings/booking'));
  await team.getByRole('button', { name: 'Save booking link' }).click();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Team booking link' })).toHaveValue('https://cal.com/e2e-team/intro');

  // A visitor's answer carries the team's link (nobody owns the lead yet), made for them.
  const word = unique('Booker').replace(/\W+/g, '');
  const name = `Bea ${word}`;
  const answer = await page.request.post('/api/contact', {
    data: { name, email: `${word}@example.com`, interest: 'community', linkedin: '', company: '', comments: '' },
  });
  expect(answer.status()).toBe(201);
  const { id, booking: offered } = (await answer.json()) as { id: string; booking: { url: string } };
  const url = new URL(offered.url);
  expect(url.origin + url.pathname).toBe('https://cal.com/e2e-team/intro');
  expect(url.searchParams.get('metadata[leadId]')).toBe(id);

  // The lead books, moves the call once, and it comes back signed.
  const first = new Date(Date.now() + 3 * 86_400_000);
  const moved = new Date(Date.now() + 4 * 86_400_000);
  await postCalcomBooking(page.request, calcomBooking('BOOKING_CREATED', `e2e-${word}-1`, id, first));
  await postCalcomBooking(
    page.request,
    calcomBooking('BOOKING_RESCHEDULED', `e2e-${word}-2`, id, moved, { rescheduleUid: `e2e-${word}-1` }),
  );

  await page.goto(`/admin?q=${word}`);
  const row = page.getByRole('row', { name });
  await expect(row.getByTestId('next-meeting').locator('time')).toHaveAttribute('datetime', moved.toISOString());
  // The inbox's filter: an upcoming meeting keeps it, "No meeting" leaves it out.
  await page.getByRole('button', { name: 'No meeting' }).click();
  await expect(page).toHaveURL(/meeting=none/);
  await expect(page.getByRole('row', { name })).toHaveCount(0);
  await page.getByRole('button', { name: 'Upcoming meeting' }).click();
  await expect(page).toHaveURL(/meeting=upcoming/);
  await expect(row).toBeVisible();

  await row.getByRole('button', { name }).click();
  const meetings = page.getByRole('dialog', { name: 'Submission details' }).getByTestId('meetings');
  const items = meetings.getByRole('listitem');
  await expect(items).toHaveCount(2);
  // The one to come first; the one it replaced marked cancelled.
  await expect(items.nth(0).locator('time')).toHaveAttribute('datetime', moved.toISOString());
  await expect(items.nth(0)).not.toContainText('Cancelled');
  await expect(items.nth(0).getByRole('link', { name: 'https://meet.example/intro' })).toHaveAttribute('target', '_blank');
  await expect(items.nth(1)).toContainText('Cancelled');
  const history = page.getByRole('dialog', { name: 'Submission details' }).getByTestId('history');
  const local = await page.evaluate((iso) => new Date(iso).toLocaleString(), moved.toISOString());
  await expect(history).toContainText(`Meeting booked for ${local}`);
});
