import { describe, expect, it } from '@jest/globals';
import { BadRequestException } from '@nestjs/common';
import { calcomEvent, calendlyEvent } from './calendar-event.js';

const LEAD = '0b8f7a52-4c3e-4c55-9d55-0c5b1b9a4f10';

describe(calcomEvent.name, () => {
  const booking = (payload: Record<string, unknown>, triggerEvent = 'BOOKING_CREATED') => ({
    triggerEvent,
    payload: { uid: 'u1', startTime: '2030-01-15T14:00:00Z', endTime: '2030-01-15T14:30:00Z', ...payload },
  });

  it('reads the booking, dropping control characters (PostgreSQL refuses NUL) from what it keeps', () => {
    const event = calcomEvent(booking({ location: 'Room\u0000 4', metadata: { leadId: LEAD.toUpperCase() } }))!;
    expect(event).toMatchObject({ kind: 'booked', bookingId: 'u1', location: 'Room 4', leadId: LEAD });
  });

  it('ignores a lead id that is no UUID, and another trigger', () => {
    expect(calcomEvent(booking({ metadata: { leadId: "1' OR '1'='1" } }))!.leadId).toBeNull();
    expect(calcomEvent(booking({}, 'MEETING_ENDED'))).toBeNull();
  });

  it('refuses a booking without its id or times, naming the field', () => {
    expect(() => calcomEvent(booking({ uid: '' }))).toThrow(BadRequestException);
    const refused = (() => {
      try {
        calcomEvent(booking({ startTime: 'soon' }));
      } catch (error) {
        return (error as BadRequestException).getResponse();
      }
    })();
    expect(refused).toMatchObject({ message: ['payload.startTime must be a date and time'] });
  });
});

describe(calendlyEvent.name, () => {
  it('reads a cancellation that is half of a reschedule', () => {
    const event = calendlyEvent({
      event: 'invitee.canceled',
      payload: {
        uri: 'https://api.calendly.com/scheduled_events/E/invitees/I',
        email: 'a@example.com',
        rescheduled: true,
        scheduled_event: { start_time: '2030-01-15T14:00:00Z', end_time: '2030-01-15T14:30:00Z' },
      },
    })!;
    expect(event).toMatchObject({ kind: 'cancelled', partOfReschedule: true, leadId: null, attendeeEmail: 'a@example.com' });
  });
});
