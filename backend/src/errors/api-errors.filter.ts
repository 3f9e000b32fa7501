import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { isDatabaseUnavailable } from './database-unavailable.js';

/** Seconds a client is told to wait when the database cannot serve. */
export const DATABASE_RETRY_AFTER_S = 5;

export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds.';

/**
 * The one place every error becomes an answer. HTTP errors as they are (with Retry-After
 * when they carry one); the database unable to serve: 503 + Retry-After; a crash on input
 * that slipped past the rules (a URIError or a stack overflow inside a parser or validator,
 * a body-parser error): 400; anything else is a bug: 500, logged with its stack.
 */
@Catch()
export class ApiErrorsFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiErrors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) {
      this.logger.error({ err: exception }, 'error after the answer started');
      res.destroy();
      return;
    }
    if (exception instanceof HttpException) {
      const retryAfter = (exception as { retryAfter?: unknown }).retryAfter;
      if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
      const body = exception.getResponse();
      res
        .status(exception.getStatus())
        .json(typeof body === 'string' ? { statusCode: exception.getStatus(), message: body } : body);
      return;
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn({ err: exception }, 'database unavailable: answered 503');
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_S));
      send(res, HttpStatus.SERVICE_UNAVAILABLE, 'Service Unavailable', UNAVAILABLE_MESSAGE);
      return;
    }
    const clientStatus = clientErrorStatus(exception);
    if (clientStatus !== undefined) {
      this.logger.warn({ err: exception }, 'bad input caught by the last-resort filter');
      send(res, clientStatus, clientStatus === 413 ? 'Payload Too Large' : 'Bad Request', 'request could not be read');
      return;
    }
    this.logger.error({ err: exception }, 'unexpected error: answered 500');
    send(res, HttpStatus.INTERNAL_SERVER_ERROR, 'Internal Server Error', 'Internal server error');
  }
}

function send(res: Response, statusCode: number, error: string, message: string): void {
  res.status(statusCode).json({ statusCode, error, message });
}

/** The 4xx that an error caused by the request's content deserves, if it is one. */
function clientErrorStatus(exception: unknown): number | undefined {
  // body-parser and other http-errors carry their own 4xx status.
  const status = (exception as { status?: unknown; statusCode?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return status === 413 ? 413 : 400;
  if (exception instanceof URIError || exception instanceof SyntaxError) return 400;
  // Deep input overflowing a recursive parser or validator.
  if (exception instanceof RangeError && /call stack|Invalid (time|array|string)/i.test(exception.message)) return 400;
  return undefined;
}
