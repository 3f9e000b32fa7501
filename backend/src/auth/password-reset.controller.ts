import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiGoneResponse, ApiNoContentResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../identity/public.decorator.js';
import { requestClient } from '../identity/session-user.js';
import { PasswordResetConfirmDto, PasswordResetRequestDto } from './dto/password-reset.dto.js';
import { RESET_GONE, PasswordResetService } from './password-reset.service.js';

/** `/api/auth/password-reset`: "Forgot password?" and the link's form. */
@ApiTags('auth')
@Controller('auth/password-reset')
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @Public()
  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({
    description: 'Always, whether or not the e-mail has an account; an active one gets a link valid 1 hour.',
  })
  @ApiTooManyRequestsResponse({ description: 'Too many requests; `Retry-After` says how many seconds to wait.' })
  request(@Body() { email }: PasswordResetRequestDto, @Req() req: Request): Promise<void> {
    return this.resets.request(email, req.ip ?? '');
  }

  @Public()
  @Post('confirm')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'The password is set; every session of the account has ended.' })
  @ApiGoneResponse({ description: RESET_GONE })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts; see `Retry-After`.' })
  confirm(@Body() body: PasswordResetConfirmDto, @Req() req: Request): Promise<void> {
    return this.resets.confirm(body, requestClient(req));
  }
}
