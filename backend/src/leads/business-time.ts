/**
 * Time that counts toward a lead's response: every minute, or only the minutes inside the
 * team's business hours in their time zone. Pure functions of instants (no clock), computed
 * with the runtime's IANA zone data (Intl), so weekends and DST changes follow the zone.
 */

/** The team's working hours: ISO weekdays (Monday = 1) and a local "HH:MM" window, start before end. */
export interface BusinessHours {
  timeZone: string;
  days: number[];
  start: string;
  end: string;
}

const MINUTE = 60_000;
// A target is at most a week of business minutes; with one working day a week that spans
// about 7 × 168 days. Past this many days the hours are treated as never open.
const MAX_DAYS = 2_000;

interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall-clock fields of `time` in `timeZone`. */
function wallClock(time: number, timeZone: string): LocalDate & { hour: number; minute: number; second: number } {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(time))
      .map((part) => [part.type, Number(part.value)]),
  );
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

/** The zone's offset from UTC at `time`, in milliseconds (whole seconds). */
function offsetAt(time: number, timeZone: string): number {
  const wall = wallClock(time, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(time / 1000) * 1000;
}

/**
 * The instant a local date and minute of the day names in `timeZone`. A time skipped by a
 * DST change (02:30 on a spring-forward night) falls after the gap; a repeated one (autumn)
 * takes one of its two occurrences.
 */
export function zonedInstant(date: LocalDate, minuteOfDay: number, timeZone: string): number {
  const local = Date.UTC(date.year, date.month - 1, date.day, 0, minuteOfDay);
  const first = local - offsetAt(local, timeZone);
  const second = local - offsetAt(first, timeZone);
  if (first === second) return first;
  // Across a change: the candidate that maps back to `local`, or (in a gap) the later one.
  const candidates = [Math.min(first, second), Math.max(first, second)];
  return candidates.find((time) => time + offsetAt(time, timeZone) === local) ?? candidates[1];
}

function minuteOfDay(text: string): number {
  const [hours, minutes] = text.split(':').map(Number);
  return hours * 60 + minutes;
}

/** ISO weekday of a calendar date: Monday = 1 … Sunday = 7. */
function isoWeekday(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() || 7;
}

function nextDate(date: LocalDate): LocalDate {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** The open windows [start, end) as instants, day after day, from the local date of `from`. */
function* openWindows(from: number, hours: BusinessHours): Generator<[number, number]> {
  const open = minuteOfDay(hours.start);
  const close = minuteOfDay(hours.end);
  let date: LocalDate = wallClock(from, hours.timeZone);
  for (let day = 0; day < MAX_DAYS; day += 1) {
    if (hours.days.includes(isoWeekday(date))) {
      yield [zonedInstant(date, open, hours.timeZone), zonedInstant(date, close, hours.timeZone)];
    }
    date = nextDate(date);
  }
}

/** When a lead that arrived at `start` is due: `targetMinutes` later, counting business minutes only with `hours`. */
export function responseDueAt(start: Date, targetMinutes: number, hours: BusinessHours | null): Date {
  if (!hours) return new Date(start.getTime() + targetMinutes * MINUTE);
  let remaining = targetMinutes * MINUTE;
  for (const [open, close] of openWindows(start.getTime(), hours)) {
    const from = Math.max(open, start.getTime());
    if (close <= from) continue;
    if (close - from >= remaining) return new Date(from + remaining);
    remaining -= close - from;
  }
  return new Date(8.64e15); // never open: never due (the latest instant a Date holds)
}

/** The milliseconds between two instants (0 when `to` is not after `from`), only business time with `hours`. */
export function businessMillisecondsBetween(from: Date, to: Date, hours: BusinessHours | null): number {
  if (to <= from) return 0;
  if (!hours) return to.getTime() - from.getTime();
  let counted = 0;
  for (const [open, close] of openWindows(from.getTime(), hours)) {
    if (open >= to.getTime()) break;
    counted += Math.max(0, Math.min(close, to.getTime()) - Math.max(open, from.getTime()));
  }
  return counted;
}

/** The whole minutes between two instants (0 when `to` is not after `from`), only business minutes with `hours`. */
export function businessMinutesBetween(from: Date, to: Date, hours: BusinessHours | null): number {
  return Math.floor(businessMillisecondsBetween(from, to, hours) / MINUTE);
}
