import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../identity/public.decorator.js';
import { PrivacyFactsDto } from './dto/privacy-facts.dto.js';
import { RetentionService } from './retention.service.js';

/** The facts the public privacy page reads at runtime (it is prerendered without them). */
@ApiTags('privacy')
@Public()
@Controller('privacy')
export class PrivacyController {
  constructor(private readonly retention: RetentionService) {}

  @Get()
  // The setting changes only with a deploy: browsers may keep the answer for five minutes.
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOkResponse({ type: PrivacyFactsDto })
  facts(): PrivacyFactsDto {
    return { retentionDays: this.retention.retentionDays };
  }
}
