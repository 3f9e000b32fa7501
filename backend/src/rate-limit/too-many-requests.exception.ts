import { HttpStatus } from '@nestjs/common';
import { RetryLaterException } from './retry-later.exception.js';

/** 429 that also tells, in seconds, when to try again (sent as the Retry-After header). */
export class TooManyRequestsException extends RetryLaterException {
  constructor(message: string, retryAfter: number) {
    super(HttpStatus.TOO_MANY_REQUESTS, 'Too Many Requests', message, retryAfter);
  }
}
