import { Body, Controller, Delete, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { SessionUser } from '../auth/session-user.js';
import { ErasureRequestDto } from './dto/erasure-request.dto.js';
import { ErasureResultDto } from './dto/erasure-result.dto.js';
import { ErasureService } from './erasure.service.js';

@ApiTags('admin')
@Controller('admin')
export class ErasureController {
  constructor(private readonly erasure: ErasureService) {}

  @Delete('contacts/:id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Erased, with its spreadsheet row (an erase delivery is queued).' })
  @ApiNotFoundResponse({ description: 'No submission with this id.' })
  deleteContact(@Param('id') id: string, @CurrentUser() user: SessionUser): Promise<void> {
    return this.erasure.eraseById(id, user.username);
  }

  @Post('erasures')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({
    description: "Every submission with the person's e-mail (trimmed, any case) is erased.",
    type: ErasureResultDto,
  })
  async eraseByEmail(@Body() { email }: ErasureRequestDto, @CurrentUser() user: SessionUser): Promise<ErasureResultDto> {
    return { erased: await this.erasure.eraseByEmail(email, user.username) };
  }
}
