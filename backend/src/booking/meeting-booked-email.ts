import { type EmailContent, noticeEmail } from '../mail/email-layout.js';
import { leadUrl } from '../leads/new-lead-email.js';
import { readerTime } from '../mail/reader-time.js';

/** "Meeting booked: <name> – <time in their zone>" to the lead's assignee, with the link to the lead's drawer. */
export function meetingBookedEmail(
  lead: { id: string; name: string },
  meeting: { start: Date; location: string | null },
  timeZone: string,
  publicUrl: string,
): EmailContent {
  const when = readerTime(meeting.start, timeZone);
  const paragraphs = [`${lead.name} booked a meeting with you for ${when}.`];
  if (meeting.location) paragraphs.push(`Where: ${meeting.location}`);
  return noticeEmail(`Meeting booked: ${lead.name} – ${when}`, paragraphs, {
    href: leadUrl(publicUrl, lead.id),
    label: 'Open the lead',
  });
}
