import type { RoutingField } from './routing-settings.entity.js';

/** The actor of an `assign` event that routing made (audit_events.actor, with no account id). */
export const ROUTING_ACTOR = 'routing';

/**
 * Routing in SQL, so that the intake's one statement (store-submissions.sql.ts) routes the
 * leads it stores, a release routes one lead in its transaction, and the dry run asks the same
 * question: one implementation of the rules.
 */

/** Each field of a condition, from a lead row `l` with the columns of contact_submissions. */
const FIELD_SQL: Record<RoutingField, string> = {
  interest: 'l.interest',
  company: 'l.company',
  emailDomain: `substring(l.email from '@([^@]*)$')`,
  source: 'l.utm_source',
  campaign: 'l.utm_campaign',
  // The host of an absolute URL (user info and port left out).
  referrerDomain: `substring(l.referrer from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^:/?#]+)')`,
};

const fieldSql = `CASE c->>'field' ${Object.entries(FIELD_SQL)
  .map(([field, sql]) => `WHEN '${field}' THEN ${sql}`)
  .join(' ')} END`;

/** Whether condition `c` (jsonb) holds for lead `l`; every comparison ignores letter case; an empty field matches nothing. */
const conditionSql = `coalesce(CASE c->>'op'
    WHEN 'is' THEN lower(${fieldSql}) = lower(c->>'value')
    WHEN 'in' THEN lower(${fieldSql}) IN (SELECT lower(v) FROM jsonb_array_elements_text(c->'value') AS v)
    WHEN 'contains' THEN strpos(lower(${fieldSql}), lower(c->>'value')) > 0
    WHEN 'endsWith' THEN right(lower(${fieldSql}), length(c->>'value')) = lower(c->>'value')
  END, false)`;

/** The words of a strategy in `reason`. */
export const STRATEGY_REASONS = { 'round-robin': 'round robin', 'least-open': 'fewest open leads' } as const;
const reasonSql = `CASE r.strategy ${Object.entries(STRATEGY_REASONS)
  .map(([strategy, reason]) => `WHEN '${strategy}' THEN '${reason}'`)
  .join(' ')} END`;

/**
 * Routing that writes (`advance`) key-share locks each account it may give a lead to, so that
 * it never gives one to a teammate being disabled on another replica: the disable holds
 * their row FOR UPDATE (TeamService.update) until its handover has committed. Either the
 * disable waits for this statement's commit, and its handover then sees (and hands over) the
 * leads stored here; or this statement waits for the disable and, in READ COMMITTED, reads the
 * locked row again (disabled) and leaves that teammate out. Without it a lead routed from an
 * older snapshot landed on the disabled teammate after their handover. The same key-share
 * lock that the assignee's foreign key takes anyway, taken before the choice rather than after.
 */
const POOL_LOCK = 'FOR KEY SHARE OF u';

/** The cursor of a round-robin rule, by its name in any case; the fallback's own. */
export const cursorKeySql = (name: string) => `'rule:' || lower(${name})`;

/**
 * The CTEs that route the leads of `source` (a relation of rows shaped like contact_submissions,
 * each with a unique `ord`), ending in `routed (ord, assignee_id, routing)`: a row for each
 * lead that a rule or the fallback gives an assignee, `routing` its `{ rule, reason }` (rule
 * null for the fallback). The rules are read by the statement itself. A rule whose pool has
 * nobody available (disabled, away, no longer a member or admin) passes to the next.
 *
 * Round robin: the k-th lead of a rule in the statement goes to the member at the rule's
 * cursor + k (modulo the pool available now); with `advance`, the cursor moves on by the
 * number routed, under its row's lock (INSERT … ON CONFLICT DO UPDATE waits for a concurrent
 * transaction holding it, then reads its committed value), so concurrent statements on any
 * replica take turns exactly. Without `advance` (the dry run) nothing is written.
 * Least open: the available member with the fewest leads in `new` or `contacted`, then the
 * pool's order (leads routed in the same statement see the counts from before it).
 */
export function routingCtes(source: string, advance: boolean): string {
  const cursors = advance
    ? `INSERT INTO routing_cursors AS rc (key, position)
       SELECT cursor_key, n FROM route_counts ORDER BY cursor_key
       ON CONFLICT (key) DO UPDATE SET position = rc.position + excluded.position
       RETURNING key, position`
    : `SELECT n.cursor_key AS key, coalesce(rc.position, 0) + n.n AS position
         FROM route_counts n LEFT JOIN routing_cursors rc ON rc.key = n.cursor_key`;
  return `route_rules AS (
    SELECT r.idx, r.fallback, r.rule, r.rule->>'strategy' AS strategy,
           CASE WHEN r.fallback THEN 'fallback' ELSE ${cursorKeySql(`r.rule->>'name'`)} END AS cursor_key,
           ARRAY(SELECT u.id FROM jsonb_array_elements_text(r.rule->'pool') WITH ORDINALITY AS p(id, i)
                   JOIN users u ON u.id = p.id::uuid AND u.disabled_at IS NULL AND NOT u.away AND u.role IN ('admin', 'member')
                  ORDER BY p.i ${advance ? POOL_LOCK : ''}) AS pool
      FROM (SELECT x.rule, x.idx, false AS fallback FROM routing_settings, jsonb_array_elements(rules) WITH ORDINALITY AS x(rule, idx)
            UNION ALL
            SELECT fallback, 2147483647, true FROM routing_settings WHERE fallback IS NOT NULL) AS r
  ), route_choice AS (
    SELECT DISTINCT ON (l.ord) l.ord, r.*
      FROM ${source} l
      JOIN route_rules r ON cardinality(r.pool) > 0
       AND (r.fallback OR NOT EXISTS (SELECT FROM jsonb_array_elements(r.rule->'when') AS c WHERE NOT ${conditionSql}))
     ORDER BY l.ord, r.idx
  ), route_counts AS (
    SELECT cursor_key, count(*) AS n FROM route_choice WHERE strategy = 'round-robin' GROUP BY cursor_key
  ), route_cursors AS (
    ${cursors}
  ), routed AS (
    SELECT r.ord,
           CASE WHEN r.strategy = 'round-robin'
             THEN r.pool[((k.position - n.n + row_number() OVER (PARTITION BY r.cursor_key ORDER BY r.ord) - 1) % cardinality(r.pool))::int + 1]
             ELSE (SELECT m.id FROM unnest(r.pool) WITH ORDINALITY AS m(id, i)
                    ORDER BY (SELECT count(*) FROM contact_submissions o WHERE o.assignee_id = m.id AND o.status IN ('new', 'contacted')), m.i
                    LIMIT 1)
           END AS assignee_id,
           jsonb_build_object('rule', CASE WHEN r.fallback THEN NULL ELSE r.rule->>'name' END, 'reason', ${reasonSql}) AS routing
      FROM route_choice r
      LEFT JOIN route_counts n ON n.cursor_key = r.cursor_key
      LEFT JOIN route_cursors k ON k.key = r.cursor_key
  )`;
}
