import { Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { RateLimitService } from './rate-limit.service.js';
import { RetryAfterFilter } from './retry-after.filter.js';

@Global()
@Module({
  providers: [RateLimitService, { provide: APP_FILTER, useClass: RetryAfterFilter }],
  exports: [RateLimitService],
})
export class RateLimitModule {}
