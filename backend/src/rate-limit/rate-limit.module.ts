import { Global, Module } from '@nestjs/common';
import { RateLimitService } from './rate-limit.service.js';

// A RetryLaterException's Retry-After header is set by the one error filter (errors/).
@Global()
@Module({
  providers: [RateLimitService],
  exports: [RateLimitService],
})
export class RateLimitModule {}
