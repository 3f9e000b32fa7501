import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../identity/current-user.decorator.js';
import type { Account } from '../identity/session-user.js';
import { MinRole } from '../identity/roles.js';
import { ErasureRequestDto } from './dto/erasure-request.dto.js';
import { ErasureResultDto } from './dto/erasure-result.dto.js';
import { ErasureService } from '../leads/erasure.service.js';

/** A person's erasure request; one lead's erasure is `DELETE /api/admin/contacts/:id` (ContactsController). */
@ApiTags('admin')
@Controller('admin')
export class ErasureController {
  constructor(private readonly erasure: ErasureService) {}

  @Post('erasures')
  @MinRole('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({
    description: "Every submission with the person's e-mail (trimmed, any case) is erased.",
    type: ErasureResultDto,
  })
  async eraseByEmail(@Body() { email }: ErasureRequestDto, @CurrentUser() user: Account): Promise<ErasureResultDto> {
    return { erased: await this.erasure.eraseByEmail(email, user) };
  }
}
