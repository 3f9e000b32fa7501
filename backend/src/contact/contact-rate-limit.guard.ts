import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Request } from 'express';
import type { Environment } from '../config/environment.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { TooManyRequestsException } from '../rate-limit/too-many-requests.exception.js';

const WINDOW_MS = 60_000;

/** CONTACT_RATE_LIMIT submissions per minute per client IP (the real one, behind TRUST_PROXY hops). */
@Injectable()
export class ContactRateLimitGuard implements CanActivate {
  constructor(
    private readonly rateLimit: RateLimitService,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const { hits, retryAfter } = await this.rateLimit.hit(`contact:${req.ip}`, WINDOW_MS);
    if (hits > this.config.get('CONTACT_RATE_LIMIT', { infer: true })) {
      throw new TooManyRequestsException('Too many submissions. Please try again later.', retryAfter);
    }
    return true;
  }
}
