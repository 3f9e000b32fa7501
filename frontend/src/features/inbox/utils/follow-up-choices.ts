/** The hour a follow-up falls due, in the user's (browser's) time zone: the start of a working day. */
export const FOLLOW_UP_HOUR = 9;

export type FollowUpChoice = { key: 'today' | 'in-an-hour' | 'tomorrow' | 'next-week'; label: string; at: Date };

const at9 = (year: number, month: number, day: number) => new Date(year, month, day, FOLLOW_UP_HOUR, 0, 0, 0);
const wholeMinute = (time: number) => new Date(Math.floor(time / 60_000) * 60_000);

/** Days from `day` (getDay(): Sunday 0) to the next working day, Monday to Friday. */
function toNextWorkingDay(day: number): number {
  if (day === 5) return 3;
  if (day === 6) return 2;
  return 1;
}

/**
 * Today (09:00, or now once the day has begun: due at once), in an hour (a snooze), the next
 * working day at 09:00 ("Tomorrow", or the day's name when a weekend comes between), and next
 * week's Monday at 09:00, in local time.
 */
export function followUpChoices(now: Date = new Date()): FollowUpChoice[] {
  const [year, month, day] = [now.getFullYear(), now.getMonth(), now.getDate()];
  const morning = at9(year, month, day);
  const today = now > morning ? wholeMinute(now.getTime()) : morning;
  const ahead = toNextWorkingDay(now.getDay());
  const workingDay = at9(year, month, day + ahead);
  // getDay(): Sunday 0; next Monday is 1–7 days ahead (a Monday's next week is in 7).
  const toMonday = (8 - now.getDay()) % 7 || 7;
  return [
    { key: 'today', label: 'Today', at: today },
    { key: 'in-an-hour', label: 'In 1 hour', at: wholeMinute(now.getTime() + 3_600_000) },
    {
      key: 'tomorrow',
      label: ahead === 1 ? 'Tomorrow' : workingDay.toLocaleDateString(undefined, { weekday: 'long' }),
      at: workingDay,
    },
    { key: 'next-week', label: 'Next week', at: at9(year, month, day + toMonday) },
  ];
}

/**
 * A YYYY-MM-DD date (the date field's value) at `time` (HH:MM, the time field's; 09:00 when
 * empty) local time; null when either is not one.
 */
export function followUpOn(date: string, time = ''): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time || `0${FOLLOW_UP_HOUR}:00`);
  if (!day || !clock || Number(clock[1]) > 23 || Number(clock[2]) > 59) return null;
  const result = new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]), Number(clock[1]), Number(clock[2]), 0, 0);
  return Number.isNaN(result.getTime()) ? null : result;
}

/** The local YYYY-MM-DD of an instant, as a date field shows it. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
