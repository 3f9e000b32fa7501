const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * One formatter of each kind for the page's life: Date's toLocaleString() and
 * toLocaleDateString() build the locale's formatter again on every call (about 0.5 ms each,
 * 2 ms at 4x CPU slowdown: a drawer's times cost 50 ms of its opening), for the same text as
 * these give (ECMA-402's defaults of the two). Made on first use, in the browser's locale and
 * time zone.
 */
let dateAndTime: Intl.DateTimeFormat | undefined;
let dateOnly: Intl.DateTimeFormat | undefined;
const NUMERIC_DATE = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;

/** `date.toLocaleString()`'s text. */
function dateAndTimeText(date: Date): string {
  dateAndTime ??= new Intl.DateTimeFormat(undefined, { ...NUMERIC_DATE, hour: 'numeric', minute: 'numeric', second: 'numeric' });
  return dateAndTime.format(date);
}

/** `date.toLocaleDateString()`'s text. */
function dateText(date: Date): string {
  dateOnly ??= new Intl.DateTimeFormat(undefined, NUMERIC_DATE);
  return dateOnly.format(date);
}

/** "just now", "5 min ago", "2 h ago", "3 d ago"; past 30 days the local date. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return iso;
  const elapsed = Math.max(0, now.getTime() - then.getTime());
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  if (elapsed < 30 * DAY) return `${Math.floor(elapsed / DAY)} d ago`;
  return dateText(then);
}

/** The exact local time, as the spec's entries show it. */
export function localTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateAndTimeText(date);
}

/**
 * localTime's text as its date and its time ("11/29/2026," and "4:09:31 AM"), which read as
 * the whole with a space between them, so that a narrow column can break the line there and
 * nowhere else; one part where the locale's text does not start with its date, or it is no date.
 */
export function localTimeParts(iso: string): string[] {
  const whole = localTime(iso);
  const date = new Date(iso);
  const day = Number.isNaN(date.getTime()) ? '' : dateText(date);
  // What follows the date: the punctuation closing it (", " in English), a space, the time.
  const rest = day && whole.startsWith(day) ? /^(\S*)\s(.+)$/.exec(whole.slice(day.length)) : null;
  return rest ? [day + rest[1], rest[2]] : [whole];
}
