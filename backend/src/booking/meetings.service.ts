import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import { LeadDetail } from '../leads/lead-detail.service.js';
import { MailTransport } from '../mail/mail-transport.service.js';
import { queueEmails } from '../mail/queue-emails.js';
import type { CalendarEvent } from './calendar-event.js';
import { meetingBookedEmail } from './meeting-booked-email.js';

/** What a calendar webhook's answer says: whether the event changed a lead's meetings (and which lead). */
export interface TakenEvent {
  stored: 0 | 1;
  leadId?: string;
}

interface MatchedLead {
  id: string;
  name: string;
  heldAsSpam: boolean;
}

interface Assignee {
  email: string;
  timeZone: string;
}

/**
 * A booking event applied to its lead, once: the lead found by the id the booking link
 * carried, else by the attendee's canonical e-mail (the most recent lead); the event's key
 * (provider, booking id, event) taken in the same transaction as the change, so a second
 * delivery of it changes nothing. A booked meeting writes `Meeting booked for <time>` to the
 * history and e-mails the assignee; a cancelled one `Meeting cancelled`; either tells the
 * dashboards and the webhooks (`lead.updated`, LeadDetail.changed).
 */
@Injectable()
export class Meetings {
  private readonly logger = new Logger(Meetings.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly leads: LeadDetail,
    private readonly audit: AuditService,
    private readonly mail: MailTransport,
    private readonly deliveries: DeliveryWorker,
  ) {}

  async take(event: CalendarEvent): Promise<TakenEvent> {
    const taken = await this.dataSource.transaction(async (manager) => {
      const lead = await this.match(manager, event);
      if (!lead || lead.heldAsSpam) return null;
      const [first] = await manager.query<unknown[]>(
        `INSERT INTO booking_events (provider, booking_id, event, submission_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING 1`,
        [event.provider, event.bookingId, event.event, lead.id],
      );
      if (!first) return null;
      const meetingId = await this.apply(manager, lead, event);
      const { webhooks } = await this.leads.changed(manager, lead.id);
      return { leadId: lead.id, meetingId, webhooks };
    });
    if (!taken) {
      // Never the attendee's address: a count in the logs is enough to see deliveries go nowhere.
      this.logger.log({
        provider: event.provider,
        event: event.event,
        msg: 'calendar event not stored (unmatched, held, erased or taken before)',
      });
      return { stored: 0 };
    }
    this.deliveries.nudge();
    return { stored: 1, leadId: taken.leadId };
  }

  /**
   * The lead the booking belongs to. An id that names no lead any more was erased: nothing
   * is matched (an erased person's booking must not land on another of their leads).
   */
  private async match(manager: EntityManager, event: CalendarEvent): Promise<MatchedLead | null> {
    const select = `SELECT id, name, held_as_spam AS "heldAsSpam" FROM contact_submissions`;
    if (event.leadId) {
      const [byId] = await manager.query<MatchedLead[]>(`${select} WHERE id = $1`, [event.leadId]);
      return byId ?? null;
    }
    if (!event.attendeeEmail) return null;
    const [byEmail] = await manager.query<MatchedLead[]>(
      `${select} WHERE canonical_email(email) = canonical_email($1) ORDER BY submitted_at DESC, id DESC LIMIT 1`,
      [event.attendeeEmail],
    );
    return byEmail ?? null;
  }

  /** The meeting's row as the event leaves it, its history entry and (booked) the assignee's e-mail. */
  private async apply(manager: EntityManager, lead: MatchedLead, event: CalendarEvent): Promise<string> {
    if (event.replaces) {
      await manager.query(
        `UPDATE meetings SET status = 'cancelled', updated_at = now() WHERE provider = $1 AND booking_id = $2 AND submission_id = $3`,
        [event.provider, event.replaces, lead.id],
      );
    }
    // A booking cancelled before is not booked again by a late delivery of its creation.
    const [{ id, status }] = await manager.query<Array<{ id: string; status: CalendarEvent['kind'] }>>(
      `INSERT INTO meetings AS m (submission_id, provider, booking_id, start_at, end_at, status, location, organizer_email)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (provider, booking_id) DO UPDATE SET
         start_at = excluded.start_at, end_at = excluded.end_at, location = coalesce(excluded.location, m.location),
         organizer_email = coalesce(excluded.organizer_email, m.organizer_email),
         status = CASE WHEN m.status = 'cancelled' THEN 'cancelled' ELSE excluded.status END, updated_at = now()
       RETURNING id, status`,
      [lead.id, event.provider, event.bookingId, event.start, event.end, event.kind, event.location, event.organizerEmail],
    );
    if (event.partOfReschedule) return id;
    // That late creation (webhooks come in any order, to any replica) says nothing in the
    // history and e-mails nobody: the meeting will not take place.
    if (status !== event.kind) return id;
    const detail =
      status === 'booked'
        ? { meetingId: id, provider: event.provider, status, start: event.start.toISOString() }
        : { meetingId: id, provider: event.provider, status };
    await this.audit.record({ actor: null, action: 'meeting', submissionId: lead.id, detail }, manager);
    if (status === 'booked') await this.tellAssignee(manager, lead, event);
    return id;
  }

  private async tellAssignee(manager: EntityManager, lead: MatchedLead, event: CalendarEvent): Promise<void> {
    if (!this.mail.enabled) return;
    const [assignee] = await manager.query<Assignee[]>(
      `SELECT u.email, u.time_zone AS "timeZone" FROM contact_submissions s JOIN users u ON u.id = s.assignee_id
        WHERE s.id = $1 AND u.email IS NOT NULL AND u.disabled_at IS NULL`,
      [lead.id],
    );
    if (!assignee) return;
    const content = meetingBookedEmail(lead, event, assignee.timeZone, this.mail.publicUrl);
    await queueEmails(manager, [{ kind: 'meeting-booked', to: assignee.email, content, submissionId: lead.id }]);
  }
}
