import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { bookingLink, type BookingProvider } from '../common/booking-link.js';

interface LinkRow {
  name: string;
  email: string;
  heldAsSpam: boolean;
  base: string | null;
  provider: BookingProvider;
}

/**
 * A stored lead's booking link when the intake's statement did not give it (src/intake/
 * store-submissions.sql.ts reads it with the submission): a retried submission's answer, a
 * released lead's auto-reply, a reply template's `{{me.bookingUrl}}`.
 */
@Injectable()
export class BookingLinks {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The lead's assignee's link, else the team's, with the lead's parameters; null for a held lead or without a link. */
  async forLead(leadId: string, manager: EntityManager = this.dataSource.manager): Promise<string | null> {
    const [row] = await manager.query<LinkRow[]>(
      `SELECT s.name, s.email, s.held_as_spam AS "heldAsSpam", coalesce(u.booking_url, b.default_url) AS base, b.provider
         FROM contact_submissions s
         LEFT JOIN users u ON u.id = s.assignee_id
         JOIN booking_settings b ON true
        WHERE s.id = $1`,
      [leadId],
    );
    if (!row || row.heldAsSpam) return null;
    return bookingLink(row.base, row.provider, { leadId, name: row.name, email: row.email });
  }

  /** `userId`'s own link (else the team's) made for the lead: what a teammate's reply offers. */
  async ofUserFor(userId: string, leadId: string, manager: EntityManager = this.dataSource.manager): Promise<string | null> {
    const [row] = await manager.query<LinkRow[]>(
      `SELECT s.name, s.email, s.held_as_spam AS "heldAsSpam", coalesce(u.booking_url, b.default_url) AS base, b.provider
         FROM contact_submissions s
         LEFT JOIN users u ON u.id = $2
         JOIN booking_settings b ON true
        WHERE s.id = $1`,
      [leadId, userId],
    );
    if (!row) return null;
    return bookingLink(row.base, row.provider, { leadId, name: row.name, email: row.email });
  }
}
