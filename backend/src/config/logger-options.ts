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
      serializers: { req: requestLine, res: responseLine },
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      autoLogging: { ignore: (req) => req.url?.startsWith('/api/health') ?? false },
    },
  };
}
