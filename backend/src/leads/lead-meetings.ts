import type { EntityManager } from 'typeorm';
import { Meeting } from './meeting.entity.js';

// Booked and not over yet (a meeting under way still counts): the list's `meeting=upcoming` and nextMeetingAt.
const UPCOMING = `m.status = 'booked' AND m.end_at > now()`;

/** The list filter `meeting`: leads with a booked meeting not over yet, or with no booked meeting at all. */
export const MEETING_FILTERS = ['upcoming', 'none'] as const;
export type MeetingFilter = (typeof MEETING_FILTERS)[number];

/**
 * The filter's condition on contact_submissions (alias `s`): a probe of the meetings'
 * (submission_id, start_at) index per lead, or, for `upcoming`, the few booked meetings not
 * over yet through ix_meetings_booked_end_at, whichever the planner finds cheaper.
 */
export const MEETING_CONDITIONS: Record<MeetingFilter, string> = {
  upcoming: `EXISTS (SELECT FROM meetings m WHERE m.submission_id = s.id AND ${UPCOMING})`,
  none: `NOT EXISTS (SELECT FROM meetings m WHERE m.submission_id = s.id AND m.status = 'booked')`,
};

/** A lead's meetings as the drawer shows them: those to come first (soonest first), then the others, newest first. */
export async function meetingsOf(manager: EntityManager, leadId: string, now = new Date()): Promise<Meeting[]> {
  const meetings = await manager.find(Meeting, { where: { submissionId: leadId }, order: { startAt: 'DESC', id: 'DESC' } });
  const toCome = (meeting: Meeting) => meeting.status === 'booked' && meeting.endAt > now;
  return [...meetings.filter(toCome).reverse(), ...meetings.filter((meeting) => !toCome(meeting))];
}

/** The start of each lead's next meeting (booked, not over yet), by id; leads without one are absent. */
export async function nextMeetingsOf(manager: EntityManager, leadIds: string[]): Promise<Map<string, Date>> {
  if (leadIds.length === 0) return new Map();
  const rows = await manager.query<Array<{ id: string; next: Date }>>(
    `SELECT m.submission_id AS id, min(m.start_at) AS next FROM meetings m
      WHERE m.submission_id = ANY($1::uuid[]) AND ${UPCOMING} GROUP BY m.submission_id`,
    [leadIds],
  );
  return new Map(rows.map((row) => [row.id, row.next]));
}

/** The next meeting among a lead's meetings as meetingsOf answers them. */
export function nextMeetingIn(meetings: Meeting[], now = new Date()): Date | null {
  const upcoming = meetings.filter((meeting) => meeting.status === 'booked' && meeting.endAt > now);
  return upcoming.length === 0 ? null : new Date(Math.min(...upcoming.map((meeting) => meeting.startAt.getTime())));
}
