import { BadRequestException } from '@nestjs/common';
import type { MeetingProvider } from '../leads/meeting.entity.js';

/**
 * A booking event of either provider, as the product reads it (docs/booking.md lists the
 * fields read from each provider's payload).
 */
export interface CalendarEvent {
  provider: MeetingProvider;
  /** The provider's event name (`BOOKING_CREATED`, `invitee.canceled`…): with `bookingId`, the key taken once. */
  event: string;
  kind: 'booked' | 'cancelled';
  /** Cal.com's booking `uid`; Calendly's invitee `uri`. */
  bookingId: string;
  /** A reschedule: the booking it replaces (cancelled without a history entry of its own). */
  replaces: string | null;
  /** A cancellation that is one half of a reschedule (Calendly sends it beside the new booking). */
  partOfReschedule: boolean;
  /** The lead's id carried back (a UUID), if any. */
  leadId: string | null;
  attendeeEmail: string | null;
  start: Date;
  end: Date;
  location: string | null;
  organizerEmail: string | null;
}

const CALCOM_EVENTS: Record<string, CalendarEvent['kind']> = {
  BOOKING_CREATED: 'booked',
  BOOKING_RESCHEDULED: 'booked',
  BOOKING_CANCELLED: 'cancelled',
};
const CALENDLY_EVENTS: Record<string, CalendarEvent['kind']> = { 'invitee.created': 'booked', 'invitee.canceled': 'cancelled' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Values kept from a stranger's payload are bounded: an e-mail, a location, an id.
const MAX_TEXT = 2048;

type Json = Record<string, unknown>;

const object = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
// Control characters (NUL above all, which PostgreSQL refuses in text) are dropped from what is kept.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;
const text = (value: unknown): string | null => {
  const kept = typeof value === 'string' ? value.replace(CONTROL, '').trim() : '';
  return kept === '' ? null : kept.slice(0, MAX_TEXT);
};

function required(value: unknown, field: string): string {
  const found = text(value);
  if (found === null) throw new BadRequestException([`${field} is required`]);
  return found;
}

function instant(value: unknown, field: string): Date {
  const date = new Date(required(value, field));
  if (Number.isNaN(date.getTime())) throw new BadRequestException([`${field} must be a date and time`]);
  return date;
}

function leadIdOf(value: unknown): string | null {
  const id = text(value);
  return id !== null && UUID.test(id) ? id.toLowerCase() : null;
}

/** The raw body as JSON (400 when it is not). */
export function parseJson(raw: Buffer): Json {
  try {
    return object(JSON.parse(raw.toString('utf8')));
  } catch {
    throw new BadRequestException(['request body is not valid JSON']);
  }
}

/**
 * Cal.com: `triggerEvent`, and from `payload`: `uid`, `startTime`, `endTime`,
 * `metadata.leadId` (the booking link's `metadata[leadId]`), `attendees[0].email`,
 * `organizer.email`, `metadata.videoCallUrl` else `location`, and on a reschedule
 * `rescheduleUid` (else `fromReschedule`). Null for another trigger (a ping, MEETING_ENDED…).
 */
export function calcomEvent(body: Json): CalendarEvent | null {
  const event = text(body.triggerEvent);
  const kind = event === null ? undefined : CALCOM_EVENTS[event];
  if (!event || !kind) return null;
  const payload = object(body.payload);
  const metadata = object(payload.metadata);
  const attendees = Array.isArray(payload.attendees) ? payload.attendees : [];
  return {
    provider: 'calcom',
    event,
    kind,
    bookingId: required(payload.uid, 'payload.uid'),
    replaces: event === 'BOOKING_RESCHEDULED' ? (text(payload.rescheduleUid) ?? text(payload.fromReschedule)) : null,
    partOfReschedule: false,
    leadId: leadIdOf(metadata.leadId),
    attendeeEmail: text(object(attendees[0]).email),
    start: instant(payload.startTime, 'payload.startTime'),
    end: instant(payload.endTime, 'payload.endTime'),
    location: text(metadata.videoCallUrl) ?? text(payload.location),
    organizerEmail: text(object(payload.organizer).email),
  };
}

/**
 * Calendly (webhook API v2): `event`, and from `payload` (the invitee): `uri`, `email`,
 * `tracking.utm_content` (the booking link's `utm_content`), `old_invitee` (a reschedule's
 * new booking), `rescheduled` (a cancellation that is half of a reschedule), and from
 * `payload.scheduled_event`: `start_time`, `end_time`, `location.join_url` else
 * `location.location`, `event_memberships[0].user_email`. Null for another event.
 */
export function calendlyEvent(body: Json): CalendarEvent | null {
  const event = text(body.event);
  const kind = event === null ? undefined : CALENDLY_EVENTS[event];
  if (!event || !kind) return null;
  const payload = object(body.payload);
  const scheduled = object(payload.scheduled_event);
  const location = object(scheduled.location);
  const members = Array.isArray(scheduled.event_memberships) ? scheduled.event_memberships : [];
  return {
    provider: 'calendly',
    event,
    kind,
    bookingId: required(payload.uri, 'payload.uri'),
    replaces: kind === 'booked' ? text(payload.old_invitee) : null,
    partOfReschedule: kind === 'cancelled' && payload.rescheduled === true,
    leadId: leadIdOf(object(payload.tracking).utm_content),
    attendeeEmail: text(payload.email),
    start: instant(scheduled.start_time, 'payload.scheduled_event.start_time'),
    end: instant(scheduled.end_time, 'payload.scheduled_event.end_time'),
    location: text(location.join_url) ?? text(location.location),
    organizerEmail: text(object(members[0]).user_email),
  };
}
