import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  HttpStatus,
  Post,
  PreconditionFailedException,
  Put,
  Res,
} from '@nestjs/common';
import { ApiBadRequestResponse, ApiHeader, ApiOkResponse, ApiPreconditionFailedResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { MinRole } from '../identity/roles.js';
import { CurrentUser } from '../identity/current-user.decorator.js';
import type { Account } from '../identity/session-user.js';
import { RoutingDecisionDto, RoutingSettingsDto, RoutingTestDto } from './dto/routing-settings.dto.js';
import { RoutingService, type VersionedRouting } from './routing.service.js';

const ETAG_HEADER = { ETag: { schema: { type: 'string' }, description: "The rules' version, for PUT's If-Match." } };

/** Settings → Routing, `/api/admin/routing`: members read and try the rules, admins change them. */
@ApiTags('admin')
@Controller('admin/routing')
export class RoutingController {
  constructor(private readonly routing: RoutingService) {}

  @Get()
  @MinRole('member')
  @ApiOkResponse({ type: RoutingSettingsDto, headers: ETAG_HEADER })
  async read(@Res({ passthrough: true }) res: Response): Promise<RoutingSettingsDto> {
    return answer(res, await this.routing.read());
  }

  @Put()
  @MinRole('admin')
  @ApiHeader({ name: 'If-Match', required: false, description: 'The ETag read: refused with 412 when someone saved since.' })
  @ApiOkResponse({ description: 'Saved; the rules as they are now.', type: RoutingSettingsDto, headers: ETAG_HEADER })
  @ApiBadRequestResponse({
    description: 'Every failed rule: an unknown field or operator, a person who is not an active member or admin.',
  })
  @ApiPreconditionFailedResponse({
    description: 'Saved by someone else since the If-Match version; nothing changed (`current` holds their rules).',
  })
  async save(
    @Body() body: RoutingSettingsDto,
    @CurrentUser() user: Account,
    @Res({ passthrough: true }) res: Response,
    @Headers('if-match') ifMatch?: string,
  ): Promise<RoutingSettingsDto> {
    const saved = await this.routing.save(body, ifMatch, user).catch((error: unknown) => {
      if (error instanceof PreconditionFailedException) res.setHeader('ETag', (error.getResponse() as { etag: string }).etag);
      throw error;
    });
    return answer(res, saved);
  }

  @Post('test')
  @MinRole('member')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({
    description: 'Whom such a lead would go to now, and why; nothing is stored or counted.',
    type: RoutingDecisionDto,
  })
  test(@Body() sample: RoutingTestDto): Promise<RoutingDecisionDto> {
    return this.routing.test(sample);
  }
}

function answer(res: Response, { settings, etag }: VersionedRouting): RoutingSettingsDto {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('ETag', etag);
  return settings;
}
