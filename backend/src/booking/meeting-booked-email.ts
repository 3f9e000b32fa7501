import { type EmailContent, noticeEmail } from '../mail/email-layout.js';
import { leadUrl } from '../leads/new-lead-email.js';

/** A meeting's start as its reader reads it: in their own time zone, named. */
export function meetingTime(start: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(start);
}

/** "Meeting booked: <name> – <time in their zone>" to the lead's assignee, with the link to the lead's drawer. */
export function meetingBookedEmail(
  lead: { id: string; name: string },
  meeting: { start: Date; location: string | null },
  timeZone: string,
  publicUrl: string,
): EmailContent {
  const when = meetingTime(meeting.start, timeZone);
  const paragraphs = [`${lead.name} booked a meeting with you for ${when}.`];
  if (meeting.location) paragraphs.push(`Where: ${meeting.location}`);
  return noticeEmail(`Meeting booked: ${lead.name} – ${when}`, paragraphs, {
    href: leadUrl(publicUrl, lead.id),
    label: 'Open the lead',
  });
}
