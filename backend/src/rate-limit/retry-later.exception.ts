import { HttpException } from '@nestjs/common';

/** An error answer that also tells, in seconds, when to try again (sent as Retry-After). */
export class RetryLaterException extends HttpException {
  constructor(
    status: number,
    error: string,
    message: string,
    readonly retryAfter: number,
  ) {
    super({ statusCode: status, error, message }, status);
  }
}
