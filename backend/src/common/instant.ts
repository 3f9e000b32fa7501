import { BadRequestException } from '@nestjs/common';

// PostgreSQL's timestamptz range; JavaScript's dates reach far beyond it.
const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/** Whether the calendar date at the start of `text` exists (Date.parse rolls 30 February over to March). */
function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The instant `text` names, or 400 naming `field` (a date that does not exist, beyond PostgreSQL's range). */
export function instant(text: string | undefined, field: string): Date | undefined {
  if (text === undefined) return undefined;
  const time = Date.parse(text);
  if (Number.isNaN(time) || time < EARLIEST || time > LATEST || !isCalendarDate(text)) {
    throw new BadRequestException([`${field} is not a valid date and time`]);
  }
  return new Date(time);
}
