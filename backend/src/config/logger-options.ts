import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { Environment } from './environment.js';

// A request id from the proxy is kept when it looks like one, so logs join across hops.
const REQUEST_ID = /^[\w.-]{1,100}$/;

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * Parts of a database error that carry the values of the statement: TypeORM's
 * QueryFailedError copies PostgreSQL's (`parameters`, the failing row in `detail`, the
 * context in `where`) and keeps the driver's error beside them.
 */
const DATABASE_ERROR_VALUES = ['parameters', 'driverError', 'detail', 'where', 'internalQuery'];

/** An error as pino serialises it, without the values of a failed statement (also in its causes). */
export function withoutStatementValues(err: Record<string, unknown>): Record<string, unknown> {
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    if (DATABASE_ERROR_VALUES.includes(key)) continue;
    clean[key] =
      key === 'cause' && value && typeof value === 'object' ? withoutStatementValues(value as Record<string, unknown>) : value;
  }
  return clean;
}

/** Every field of a submission (and the sign-in's password): never in a log line, wherever one lands. */
const PERSONAL_FIELDS = ['name', 'email', 'linkedin', 'company', 'comments', 'note', 'notes', 'referrer', 'password'];
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'req.body',
  'body',
  ...DATABASE_ERROR_VALUES.flatMap((key) => [key, `*.${key}`]),
  ...PERSONAL_FIELDS.flatMap((field) => [field, `*.${field}`]),
];

/**
 * The request as the request line shows it: method, path (no query string, which may hold a
 * search term) and id. No headers: the line stays about 150 bytes and costs little to write.
 */
function requestLine(req: { id?: unknown; method?: string; url?: string }) {
  return { id: req.id, method: req.method, path: req.url?.split('?', 1)[0] };
}

const responseLine = (res: { statusCode?: number }) => ({ statusCode: res.statusCode });

/** Structured JSON logs, one compact line per request with its id and time; secrets and personal data redacted. */
export function loggerOptions(env: Environment): Params {
  return {
    pinoHttp: {
      level: env.LOG_LEVEL,
      genReqId: requestId,
      redact: REDACT_PATHS,
      // pino-http hands `err` already serialised by pino's own serializer.
      serializers: { req: requestLine, res: responseLine, err: withoutStatementValues },
      autoLogging: { ignore: (req) => req.url?.startsWith('/api/health') ?? false },
    },
  };
}
