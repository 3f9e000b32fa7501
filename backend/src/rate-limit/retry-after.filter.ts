import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { RetryLaterException } from './retry-later.exception.js';

/** Answers a RetryLaterException (429, 503) with its Retry-After header. */
@Catch(RetryLaterException)
export class RetryAfterFilter implements ExceptionFilter<RetryLaterException> {
  catch(exception: RetryLaterException, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    res.setHeader('Retry-After', String(exception.retryAfter));
    res.status(exception.getStatus()).json(exception.getResponse());
  }
}
