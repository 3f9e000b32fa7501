/**
 * The lead of an incoming message, found in the contract's order (docs/conversation.md,
 * "Matching") and locked, in one statement: $1 the Message-IDs its thread headers name
 * (text[]), $2 the reply tokens of its recipients (text[]), $3 its sender's address.
 *
 * 1. `thread`: the newest stored message (sent or received) the headers name;
 * 2. `token`: a lead's reply token;
 * 3. `address`: the most recent lead of the sender's canonical address.
 *
 * COALESCE evaluates its arguments in order and stops at the first that is not null (a
 * guarantee of PostgreSQL's documentation), so a way is looked up only when those before it
 * found nothing. Each way answers `{lead id, way}`; the lead's row is then locked (FOR
 * UPDATE), so that a teammate's message and this one take turns, and its columns that storing
 * and telling the team need are read with it. MATERIALIZED: inlined, the CTE's COALESCE was
 * copied into each use of `found` and every way looked up twice.
 */
export const MATCH_AND_LOCK_LEAD_SQL = `
  WITH matched AS MATERIALIZED (
    SELECT COALESCE(
      (SELECT ARRAY[submission_id::text, 'thread'] FROM lead_messages
        WHERE message_id = ANY($1::text[]) ORDER BY created_at DESC LIMIT 1),
      (SELECT ARRAY[submission_id::text, 'token'] FROM lead_reply_tokens WHERE token = ANY($2::text[]) LIMIT 1),
      (SELECT ARRAY[id::text, 'address'] FROM contact_submissions WHERE canonical_email(email) = canonical_email($3)
        ORDER BY submitted_at DESC, id DESC LIMIT 1)
    ) AS found
  )
  SELECT s.id, s.name, s.assignee_id AS "assigneeId", s.held_as_spam AND s.status = 'spam' AS "heldAsSpam",
         matched.found[2] AS "matchedBy"
    FROM matched JOIN contact_submissions s ON s.id = matched.found[1]::uuid
     FOR UPDATE OF s`;
