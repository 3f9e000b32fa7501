import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { TooManyRequestsException } from './too-many-requests.exception.js';

@Catch(TooManyRequestsException)
export class TooManyRequestsFilter implements ExceptionFilter<TooManyRequestsException> {
  catch(exception: TooManyRequestsException, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    res.setHeader('Retry-After', String(exception.retryAfter));
    res.status(exception.getStatus()).json(exception.getResponse());
  }
}
