import { Injectable, type OnModuleInit } from '@nestjs/common';
import { queueDeliveriesSql } from '../deliveries/queue-delivery.js';
import type { IntakeColumn } from '../leads/lead-events.service.js';
import { LeadEvents } from '../leads/lead-events.service.js';
import { ERASE_FROM_LEAD_LISTS } from './daily-digest.service.js';
import { MailTransport } from '../mail/mail-transport.service.js';
import { newLeadEmail, withRouting, withRoutingSql } from '../leads/new-lead-email.js';
import type { EmailContent } from '../mail/email-layout.js';
import { EMAIL_CHANNEL } from '../mail/queue-emails.js';

/**
 * Each stored lead's new-lead e-mail, rendered before the intake's statement (NULL while
 * e-mail is off, or for a lead held as spam): `notice_*` for a new lead; `returning_*` the
 * same e-mail for a returning lead ("Returning lead: …"), one that arrived with an owner.
 */
const NOTICE_COLUMNS: readonly IntakeColumn[] = [
  { field: 'noticeSubject', column: 'notice_subject', type: 'text' },
  { field: 'noticeText', column: 'notice_text', type: 'text' },
  { field: 'noticeHtml', column: 'notice_html', type: 'text' },
  { field: 'returningSubject', column: 'returning_subject', type: 'text' },
  { field: 'returningText', column: 'returning_text', type: 'text' },
  { field: 'returningHtml', column: 'returning_html', type: 'text' },
];

const ROUTED = withRoutingSql('p.notice_text', 'p.notice_html', 's.routing');

/**
 * Who wants the new-lead e-mail of a lead whose assignee is `assignee` (SQL, NULL: none), `u`
 * an active user with an address: `all` every lead; `mine` the leads assigned to them and the
 * unassigned ones. `daily` reads it in the digest, `off` nowhere.
 */
export function wantsNewLead(assignee: string): string {
  return `(u.notify_new_lead = 'all' OR (u.notify_new_lead = 'mine' AND (${assignee} IS NULL OR u.id = ${assignee})))`;
}

/**
 * Who gets a new lead's e-mail: those who want it (wantsNewLead), and its assignee when they
 * hear of the leads given to them (`assigned`): routing or a returning lead's owner gave it to
 * them as it arrived, which is their "Assigned to you".
 */
function getsNewLead(assignee: string): string {
  return `(${wantsNewLead(assignee)} OR (u.id = ${assignee} AND u.notify_assigned))`;
}

/**
 * The intake's part: reads the recipients itself (no query before the statement), by
 * getsNewLead. A routed lead's assignee gets the copy that says why it is theirs; a returning
 * lead (one that arrived with an owner and no routing) reads "Returning lead: …". The payload
 * is queueEmails' EmailPayload, Reply-To the lead.
 */
const QUEUE_NEW_LEAD_EMAILS = queueDeliveriesSql(`SELECT '${EMAIL_CHANNEL}', '', 'new-lead', s.id, CASE
             WHEN s.routing IS NOT NULL AND u.id = s.assignee_id
             THEN jsonb_build_object('to', u.email, 'subject', p.notice_subject, 'text', ${ROUTED.text}, 'html', ${ROUTED.html}, 'replyTo', s.email)
             WHEN s.assignee_id IS NULL OR s.routing IS NOT NULL
             THEN jsonb_build_object('to', u.email, 'subject', p.notice_subject, 'text', p.notice_text, 'html', p.notice_html, 'replyTo', s.email)
             ELSE jsonb_build_object('to', u.email, 'subject', p.returning_subject, 'text', p.returning_text, 'html', p.returning_html, 'replyTo', s.email)
           END
      FROM stored s JOIN passed p ON p.id = s.id
      JOIN users u ON u.disabled_at IS NULL AND u.email IS NOT NULL AND ${getsNewLead('s.assignee_id')}
     WHERE p.notice_subject IS NOT NULL`);

// A released lead's new-lead e-mail ($2, rendered; $3 its assignee), to those who want it, as at
// intake; its assignee gets $4, the copy that says why when routing gave it to them ($2 else).
const QUEUE_RELEASED_LEAD_EMAILS = queueDeliveriesSql(`SELECT '${EMAIL_CHANNEL}', '', 'new-lead', $1::uuid,
         CASE WHEN u.id = $3::uuid THEN $4::jsonb ELSE $2::jsonb END || jsonb_build_object('to', u.email)
    FROM users u WHERE u.disabled_at IS NULL AND u.email IS NOT NULL AND ${getsNewLead('$3::uuid')}`);

/**
 * The team's e-mail as a channel of the lead's events: the new-lead e-mails of a lead that
 * arrives or is released, and, when leads are erased, the digests and lists that name them.
 */
@Injectable()
export class NewLeadEmails implements OnModuleInit {
  constructor(
    private readonly mail: MailTransport,
    private readonly leadEvents: LeadEvents,
  ) {}

  onModuleInit(): void {
    this.leadEvents.register({
      name: 'new-lead-email',
      intake: {
        sql: () => QUEUE_NEW_LEAD_EMAILS,
        columns: NOTICE_COLUMNS,
        inputs: (lead) => {
          if (!this.mail.enabled || lead.heldAsSpam) return {};
          const fields = {
            ...lead,
            linkedin: lead.linkedin ?? null,
            company: lead.company ?? null,
            comments: lead.comments ?? null,
          };
          const notice = newLeadEmail(fields, this.mail.publicUrl);
          const returning = newLeadEmail(fields, this.mail.publicUrl, true);
          return {
            noticeSubject: notice.subject,
            noticeText: notice.text,
            noticeHtml: notice.html,
            returningSubject: returning.subject,
            returningText: returning.text,
            returningHtml: returning.html,
          };
        },
      },
      created: async (manager, lead) => {
        if (!this.mail.enabled) return;
        const email = newLeadEmail(lead, this.mail.publicUrl);
        const routed = lead.routing && lead.assigneeId ? withRouting(email, lead.routing) : email;
        const payload = ({ subject, text, html }: EmailContent) => JSON.stringify({ subject, text, html, replyTo: lead.email });
        await manager.query(QUEUE_RELEASED_LEAD_EMAILS, [lead.id, payload(email), lead.assigneeId, payload(routed)]);
      },
      erased: async (manager, ids) => {
        await manager.query(ERASE_FROM_LEAD_LISTS, [ids]);
      },
    });
  }
}
