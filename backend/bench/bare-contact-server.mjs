#!/usr/bin/env node
// The baseline of bench/contact.bench.mjs: the least a server can do for POST /api/contact.
// node:http and pg only; it checks the same body rules (types, trims, lengths, interest,
// e-mail and http(s) URL shapes; unknown fields refused) and stores the row with one
// parameterised INSERT (one commit per row). No rate limit, no outbox, no logging.
// Environment: DATABASE_URL, PORT, BARE_POOL (connections, 10 as the API's pool).
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.BARE_POOL ?? 10) });
const INTERESTS = new Set(['empower-team', 'community', 'partnership']);
const FIELDS = new Set(['name', 'email', 'linkedin', 'company', 'interest', 'comments', 'website']);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (value) => (typeof value === 'string' ? value.trim() : value);
const optional = (value) => (text(value) === '' ? undefined : text(value));

function isHttpUrl(value) {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The submission to store, or the list of failed rules. */
function validate(body) {
  const errors = [];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { errors: ['body must be an object'] };
  for (const key of Object.keys(body)) if (!FIELDS.has(key)) errors.push(`property ${key} should not exist`);
  const row = {
    name: text(body.name),
    email: text(body.email),
    linkedin: optional(body.linkedin),
    company: optional(body.company),
    interest: text(body.interest),
    comments: optional(body.comments),
  };
  if (typeof row.name !== 'string' || row.name.length < 2 || row.name.length > 200) errors.push('Name');
  if (typeof row.email !== 'string' || row.email.length > 254 || !EMAIL.test(row.email)) errors.push('Email');
  if (row.linkedin !== undefined && (typeof row.linkedin !== 'string' || row.linkedin.length > 2048 || !isHttpUrl(row.linkedin)))
    errors.push('LinkedIn');
  if (row.company !== undefined && (typeof row.company !== 'string' || row.company.length > 200)) errors.push('Company');
  if (!INTERESTS.has(row.interest)) errors.push('Interest');
  if (row.comments !== undefined && (typeof row.comments !== 'string' || row.comments.length > 5000)) errors.push('Comments');
  return errors.length > 0 ? { errors } : { row };
}

function answer(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function handle(req, res) {
  if (req.method !== 'POST' || req.url !== '/api/contact') return answer(res, 404, { message: 'not found' });
  let raw = '';
  for await (const chunk of req) {
    raw += chunk;
    if (raw.length > 16 * 1024) return answer(res, 413, { message: 'too large' });
  }
  let body;
  try {
    body = JSON.parse(raw);
  } catch {
    return answer(res, 400, { message: 'not JSON' });
  }
  const { row, errors } = validate(body);
  if (errors) return answer(res, 400, { message: errors });
  const { rows } = await pool.query(
    `INSERT INTO contact_submissions (name, email, linkedin, company, interest, comments)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [row.name, row.email, row.linkedin ?? null, row.company ?? null, row.interest, row.comments ?? null],
  );
  answer(res, 201, { message: "Thank you for your submission! We'll be in touch soon.", id: rows[0].id });
}

const server = createServer((req, res) => {
  handle(req, res).catch(() => answer(res, 503, { message: 'unavailable' }));
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end();
});
