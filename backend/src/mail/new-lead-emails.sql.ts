import { EMAIL_CHANNEL } from './queue-emails.js';

/**
 * Queues the new-lead e-mail of each stored submission: a CTE body for the contact form's one
 * batch statement (store-submissions.sql.ts), which reads the recipients itself (no query
 * before it). `stored` holds the stored submissions, `passed` their requests with the e-mail
 * rendered beforehand (newLeadEmail) in `notice_subject`, `notice_text` and `notice_html`, and
 * its returning-lead form in `returning_*`, NULL while e-mail is off. A new lead goes to every
 * active user whose choice is `instant`; a returning lead (one that arrived with an assignee)
 * to its owner alone, when they take new leads at once or hear of leads assigned to them. The
 * payload is queueEmails' EmailPayload, Reply-To the lead.
 */
export const QUEUE_NEW_LEAD_EMAILS = `INSERT INTO deliveries (channel, event, submission_id, payload)
    SELECT '${EMAIL_CHANNEL}', 'new-lead', s.id, CASE WHEN s.assignee_id IS NULL
             THEN jsonb_build_object('to', u.email, 'subject', p.notice_subject, 'text', p.notice_text, 'html', p.notice_html, 'replyTo', s.email)
             ELSE jsonb_build_object('to', u.email, 'subject', p.returning_subject, 'text', p.returning_text, 'html', p.returning_html, 'replyTo', s.email)
           END
      FROM stored s JOIN passed p ON p.id = s.id
      JOIN users u ON u.disabled_at IS NULL AND u.email IS NOT NULL AND CASE WHEN s.assignee_id IS NULL
             THEN u.notify_new_lead = 'instant'
             ELSE u.id = s.assignee_id AND (u.notify_new_lead = 'instant' OR u.notify_assigned) END
     WHERE p.notice_subject IS NOT NULL`;
