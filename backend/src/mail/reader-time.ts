/**
 * A moment as an e-mail's reader reads it: in the time zone their account saved (the browser's
 * at sign-in, or the one they chose), the zone named ("Fri, 16 Jan 2026, 00:53 CET"), so that
 * it reads as the dashboard shows it. A zone without a short name reads as its offset ("GMT+9").
 */
export function readerTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(at);
}
