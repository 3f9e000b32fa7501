import type { ResponseLead, ResponseTimeSettings } from '../api/response-time-types';

const HOUR = 60;
const DAY = 24 * HOUR;

/** "12 min", "2 h", "2 h 5 min" under a day, "3 d" beyond. */
export function durationText(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  if (whole < HOUR) return `${whole} min`;
  if (whole < DAY) {
    const rest = whole % HOUR;
    return rest ? `${Math.floor(whole / HOUR)} h ${rest} min` : `${whole / HOUR} h`;
  }
  return `${Math.floor(whole / DAY)} d`;
}

export type ResponseState =
  | { kind: 'answered'; text: string; duration: string }
  | { kind: 'waiting'; text: string; duration: string; overdue: boolean }
  | { kind: 'none' };

const minutesBetween = (from: string, to: Date) => (to.getTime() - new Date(from).getTime()) / 60_000;

// The response clock starts at arrival, or at the release from the quarantine.
const clockStart = (lead: ResponseLead) => lead.releasedAt ?? lead.submittedAt;

/**
 * The API's `responseDueAt` says when the lead's target is reached (business hours
 * included). For the moments it has none yet (just arrived, settings just changed), every
 * minute counts when there are no business hours; with them, the API's next answer decides.
 */
function isOverdue(lead: ResponseLead, now: Date, waited: number, settings: ResponseTimeSettings | undefined): boolean {
  if (lead.responseDueAt) return now.getTime() > new Date(lead.responseDueAt).getTime();
  if (!settings) return false;
  return !settings.businessHours && waited > settings.targetMinutes;
}

/**
 * What a lead's row says of its first answer: "answered in 12 min" (the API's business
 * minutes), or, still new, "waiting 2 h" since it arrived (or was released), overdue once the minutes that
 * count pass the target. Held spam waits for no one.
 */
export function responseState(lead: ResponseLead, now: Date, settings: ResponseTimeSettings | undefined): ResponseState {
  if (lead.status === 'new') {
    if (lead.heldAsSpam) return { kind: 'none' };
    const waited = minutesBetween(clockStart(lead), now);
    const duration = durationText(waited);
    return { kind: 'waiting', text: `waiting ${duration}`, duration, overdue: isOverdue(lead, now, waited, settings) };
  }
  if (lead.firstRespondedAt) {
    const minutes = lead.responseMinutes ?? minutesBetween(clockStart(lead), new Date(lead.firstRespondedAt));
    const duration = durationText(minutes);
    return { kind: 'answered', text: `answered in ${duration}`, duration };
  }
  return { kind: 'none' };
}
