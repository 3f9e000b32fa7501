import type { ErrorRequestHandler, RequestHandler } from 'express';
import express from 'express';
import { inputProblems, jsonDepth, MAX_JSON_DEPTH } from './input-rules.js';

const BODY_LIMIT = '16kb';
// A bulk action names up to 1000 leads (about 39 KB of ids); still under nginx's 64k.
const BULK_BODY_LIMIT = '60kb';
const BULK_PATHS = new Set(['/api/admin/contacts/bulk', '/api/admin/contacts/bulk-delete']);

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The one route whose body is not JSON: a raw e-mail (`message/rfc822`, up to 25 MB), which its
 * controller reads itself after checking the secret (src/conversation/inbound-email.controller.ts).
 */
export const INBOUND_EMAIL_PATH = '/api/inbound/email';

/**
 * The calendar webhooks, whose signature is over the raw bytes of the body: their controller
 * reads the body itself, checks the signature, then parses it (src/booking/calendar-webhooks.service.ts).
 */
export const CALENDAR_WEBHOOK_PATHS = new Set(['/api/integrations/calcom', '/api/integrations/calendly']);

/** The routes whose controller reads the body raw. */
const rawBody = (path: string) => path === INBOUND_EMAIL_PATH || CALENDAR_WEBHOOK_PATHS.has(path);

function problem(statusCode: number, error: string, message: string | string[]) {
  return { statusCode, error, message };
}

/** 415 for a body that is not JSON (an empty body is left to the validation rules). */
const requireJson: RequestHandler = (req, res, next) => {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (WITH_BODY.has(req.method) && hasBody && !req.is('application/json')) {
    res.status(415).json(problem(415, 'Unsupported Media Type', 'Content-Type must be application/json'));
    return;
  }
  next();
};

/** The API's JSON is UTF-8 (docs/api.md): another declared charset (utf-7, utf-16le, latin1…) is 415. */
const requireUtf8: RequestHandler = (req, res, next) => {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(req.headers['content-type'] ?? '')?.[1];
  if (charset !== undefined && charset.toLowerCase() !== 'utf-8') {
    res.status(415).json(problem(415, 'Unsupported Media Type', 'request body must be UTF-8 JSON'));
    return;
  }
  next();
};

class TooDeepError extends Error {
  readonly type = 'entity.too.deep';
}

/** Refuses deep JSON from the raw text, before anything walks it recursively. */
function verifyDepth(_req: unknown, _res: unknown, raw: Buffer): void {
  if (jsonDepth(raw.toString('utf8')) > MAX_JSON_DEPTH) throw new TooDeepError();
}

/** NUL and other untypable text, prototype keys: 400 naming the field, before validation. */
const requireTypableText: RequestHandler = (req, res, next) => {
  const problems = [...inputProblems(req.body), ...inputProblems(req.query)];
  if (problems.length > 0) {
    res.status(400).json(problem(400, 'Bad Request', [...new Set(problems)]));
    return;
  }
  next();
};

/** A JSON array or scalar is no form: the API takes objects only. */
const requireObject: RequestHandler = (req, res, next) => {
  if (req.body !== undefined && (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body))) {
    res.status(400).json(problem(400, 'Bad Request', 'request body must be a JSON object'));
    return;
  }
  next();
};

/** body-parser's errors answered in the API's JSON error shape instead of Express's HTML page. */
const bodyErrors: ErrorRequestHandler = (error: { type?: string }, _req, res, next) => {
  switch (error.type) {
    case 'entity.too.large':
      res.status(413).json(problem(413, 'Payload Too Large', 'request body must be at most 16 KiB'));
      return;
    case 'entity.too.deep':
      res.status(400).json(problem(400, 'Bad Request', `request body must be nested at most ${MAX_JSON_DEPTH} levels deep`));
      return;
    case 'entity.parse.failed':
      res.status(400).json(problem(400, 'Bad Request', 'request body is not valid JSON'));
      return;
    case 'encoding.unsupported':
    case 'charset.unsupported':
      res.status(415).json(problem(415, 'Unsupported Media Type', 'request body must be UTF-8 JSON'));
      return;
    default:
      next(error);
  }
};

/** 16 KiB for every body, 60 KiB for the bulk actions' lists of ids. */
function bodyParser(): RequestHandler {
  const options = { strict: false, verify: verifyDepth };
  const small = express.json({ ...options, limit: BODY_LIMIT });
  const bulk = express.json({ ...options, limit: BULK_BODY_LIMIT });
  return (req, res, next) => (BULK_PATHS.has(req.path) ? bulk : small)(req, res, next);
}

/** The JSON body parser of the API with its limits, in place of Nest's default one (every route but the raw ones above). */
export function jsonBody(): Array<RequestHandler | ErrorRequestHandler> {
  const handlers: RequestHandler[] = [requireJson, requireUtf8, bodyParser(), requireObject, requireTypableText];
  const skipRaw =
    (handler: RequestHandler): RequestHandler =>
    (req, res, next) =>
      rawBody(req.path) ? next() : handler(req, res, next);
  const [json, utf8, parser, ...after] = handlers.map(skipRaw);
  return [json, utf8, parser, bodyErrors, ...after];
}
