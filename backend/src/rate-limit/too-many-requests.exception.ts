import { HttpException, HttpStatus } from '@nestjs/common';

/** 429 that also tells, in seconds, when to try again (sent as the Retry-After header). */
export class TooManyRequestsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super({ statusCode: HttpStatus.TOO_MANY_REQUESTS, error: 'Too Many Requests', message }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
