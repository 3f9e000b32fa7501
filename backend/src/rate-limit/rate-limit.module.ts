import { Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { RateLimitService } from './rate-limit.service.js';
import { TooManyRequestsFilter } from './too-many-requests.filter.js';

@Global()
@Module({
  providers: [RateLimitService, { provide: APP_FILTER, useClass: TooManyRequestsFilter }],
  exports: [RateLimitService],
})
export class RateLimitModule {}
