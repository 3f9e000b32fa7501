import { EMAIL_CHANNEL } from './queue-emails.js';

/**
 * Queues the new-lead e-mail of each stored submission to every active user whose choice is
 * `instant`: a CTE body for the contact form's one batch statement (store-submissions.sql.ts),
 * which reads the recipients itself (no query before it). `stored` holds the stored
 * submissions, `passed` their requests with the e-mail rendered beforehand (newLeadEmail) in
 * `notice_subject`, `notice_text` and `notice_html`, NULL while e-mail is off. The payload is
 * queueEmails' EmailPayload, Reply-To the lead.
 */
export const QUEUE_NEW_LEAD_EMAILS = `INSERT INTO deliveries (channel, event, submission_id, payload)
    SELECT '${EMAIL_CHANNEL}', 'new-lead', s.id, jsonb_build_object('to', u.email, 'subject', p.notice_subject,
             'text', p.notice_text, 'html', p.notice_html, 'replyTo', s.email)
      FROM stored s JOIN passed p ON p.id = s.id
      JOIN users u ON u.disabled_at IS NULL AND u.notify_new_lead = 'instant' AND u.email IS NOT NULL
     WHERE p.notice_subject IS NOT NULL`;
