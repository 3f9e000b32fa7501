/**
 * An incoming message matched, its lead locked, the message stored with its attachments and
 * the lead's new state, in one statement (docs/conversation.md, "Matching"): one round trip,
 * and the lead's lock held from this statement to the commit only.
 *
 * Parameters: $1 the Message-IDs its thread headers name (text[]), $2 the reply tokens of its
 * recipients (text[]), $3 its sender's address; $4–$13 the message (storedMessageValues); from
 * $14 on, four per attachment (filename, type, size, content).
 *
 * `matched`, in the contract's order:
 * 1. `thread`: the newest stored message (sent or received) the headers name;
 * 2. `token`: a lead's reply token;
 * 3. `address`: the most recent lead of the sender's canonical address.
 * COALESCE evaluates its arguments in order and stops at the first that is not null (a
 * guarantee of PostgreSQL's documentation), so a way is looked up only when those before it
 * found nothing. MATERIALIZED: inlined, the COALESCE was copied into each use of `found` and
 * every way looked up twice.
 *
 * `lead`: the lead's row locked (FOR UPDATE: a teammate's message and this one take turns),
 * with the columns telling the team needs. The message's INSERT reads `lead`, so it runs once
 * the lock is held; `ON CONFLICT (message_id) DO NOTHING` makes a duplicate, a concurrent one
 * included (it waits on the lead's lock, then finds the Message-ID taken), store nothing, and
 * the lead's UPDATE reads `message`, so a duplicate changes nothing either. Under READ
 * COMMITTED that UPDATE finds the lead's newest version, the one locked, even when another
 * transaction changed it while this one waited for the lock.
 *
 * One row when a lead matched (`messageId` null when the Message-ID was stored before), none
 * when none did.
 */
export function storeInboundSql(files: number): string {
  const attachments = Array.from({ length: files }, (_, index) => {
    const first = 14 + index * 4;
    return `($${first}::text, $${first + 1}::text, $${first + 2}::integer, $${first + 3}::bytea)`;
  });
  return `
  WITH matched AS MATERIALIZED (
    SELECT COALESCE(
      (SELECT ARRAY[submission_id::text, 'thread'] FROM lead_messages
        WHERE message_id = ANY($1::text[]) ORDER BY created_at DESC LIMIT 1),
      (SELECT ARRAY[submission_id::text, 'token'] FROM lead_reply_tokens WHERE token = ANY($2::text[]) LIMIT 1),
      (SELECT ARRAY[id::text, 'address'] FROM contact_submissions WHERE canonical_email(email) = canonical_email($3)
        ORDER BY submitted_at DESC, id DESC LIMIT 1)
    ) AS found
  ),
  lead AS MATERIALIZED (
    SELECT s.id, s.name, s.assignee_id, s.held_as_spam AND s.status = 'spam' AS held_as_spam, matched.found[2] AS matched_by
      FROM matched JOIN contact_submissions s ON s.id = matched.found[1]::uuid
       FOR UPDATE OF s
  ),
  message AS (
    INSERT INTO lead_messages (submission_id, direction, from_address, to_address, subject, text, quoted_text, message_id,
                               in_reply_to, "references", sent_at, received_at, matched_by, automatic)
    SELECT lead.id, 'in', $4, $5, $6, $7, $8, $9, $10, $11, $12::timestamptz, now(), lead.matched_by, $13::boolean FROM lead
    ON CONFLICT (message_id) DO NOTHING RETURNING id, submission_id
  ),${
    attachments.length === 0
      ? ''
      : `
  files AS (
    INSERT INTO lead_message_attachments (message_id, filename, content_type, size, content)
    SELECT message.id, file.* FROM message, (VALUES ${attachments.join(', ')}) AS file
  ),`
  }
  updated AS (
    UPDATE contact_submissions SET last_message_at = now(), awaiting_reply = NOT $13::boolean, version = version + 1
     WHERE id IN (SELECT submission_id FROM message)
  )
  SELECT lead.id, lead.name, lead.assignee_id AS "assigneeId", lead.held_as_spam AS "heldAsSpam",
         lead.matched_by AS "matchedBy", message.id AS "messageId"
    FROM lead LEFT JOIN message ON true`;
}
