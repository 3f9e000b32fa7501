/** The hour a follow-up falls due, in the user's (browser's) time zone: the start of a working day. */
export const FOLLOW_UP_HOUR = 9;

export type FollowUpChoice = { key: 'today' | 'tomorrow' | 'next-week'; label: string; at: Date };

const at9 = (year: number, month: number, day: number) => new Date(year, month, day, FOLLOW_UP_HOUR, 0, 0, 0);

/**
 * Today (09:00, or now once the day has begun: due at once), tomorrow at 09:00, and next
 * week's Monday at 09:00, in local time.
 */
export function followUpChoices(now: Date = new Date()): FollowUpChoice[] {
  const [year, month, day] = [now.getFullYear(), now.getMonth(), now.getDate()];
  const morning = at9(year, month, day);
  const today = now > morning ? new Date(Math.floor(now.getTime() / 60_000) * 60_000) : morning;
  // getDay(): Sunday 0; next Monday is 1–7 days ahead (a Monday's next week is in 7).
  const toMonday = (8 - now.getDay()) % 7 || 7;
  return [
    { key: 'today', label: 'Today', at: today },
    { key: 'tomorrow', label: 'Tomorrow', at: at9(year, month, day + 1) },
    { key: 'next-week', label: 'Next week', at: at9(year, month, day + toMonday) },
  ];
}

/** A YYYY-MM-DD date (the date field's value) at 09:00 local time; null when it is not one. */
export function followUpOn(date: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const result = at9(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(result.getTime()) ? null : result;
}

/** The local YYYY-MM-DD of an instant, as a date field shows it. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
