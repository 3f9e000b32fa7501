import type { BusinessHours } from '../api/response-time-types';

const MINUTE = 60_000;
const DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The wall clock of `ms` in `timeZone`, read as if it were UTC (its offset added). */
function wallClock(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(ms)
      .map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The instant at which `timeZone`'s clock reads the wall time `wall` (UTC fields); a gap moves forward. */
function instantOf(wall: number, timeZone: string): number {
  const first = wall - (wallClock(wall, timeZone) - wall);
  return wall - (wallClock(first, timeZone) - first);
}

const minutesOf = (hhmm: string) => {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return (hours * 60 + minutes) * MINUTE;
};

/**
 * Minutes between `from` and `to` that fall inside the business hours (on their days,
 * between start and end, in their time zone), as the API counts a lead's waiting time.
 */
export function businessMinutes(from: Date, to: Date, hours: BusinessHours): number {
  const start = minutesOf(hours.start);
  const end = minutesOf(hours.end);
  if (to <= from || end <= start) return 0;
  let total = 0;
  // Day by day on the zone's calendar, from the day `from` falls on; a year at most.
  let day = Math.floor(wallClock(from.getTime(), hours.timeZone) / DAY) * DAY;
  for (let step = 0; step < 400 && instantOf(day, hours.timeZone) < to.getTime(); step++, day += DAY) {
    const weekday = new Date(day).getUTCDay() || 7;
    if (!hours.days.includes(weekday)) continue;
    const open = Math.max(from.getTime(), instantOf(day + start, hours.timeZone));
    const close = Math.min(to.getTime(), instantOf(day + end, hours.timeZone));
    if (close > open) total += close - open;
  }
  return Math.floor(total / MINUTE);
}
