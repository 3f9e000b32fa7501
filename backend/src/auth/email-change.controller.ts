import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiGoneResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../identity/public.decorator.js';
import { MinRole } from '../identity/roles.js';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { ChangeEmailDto, ConfirmEmailDto, EmailChangePreviewDto } from './dto/email-change.dto.js';
import { EMAIL_CHANGE_GONE, EMAIL_OFF, EmailChangeService } from './email-change.service.js';
import { WRONG_PASSWORD } from '../identity/sign-in-throttle.js';
import type { Account } from '../identity/session-user.js';

/** `/api/auth/email`: one's own e-mail changes by password and the new address's confirmation. */
@ApiTags('auth')
@Controller('auth/email')
export class EmailChangeController {
  constructor(private readonly changes: EmailChangeService) {}

  @Post()
  @MinRole('viewer')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({
    description:
      'A link valid 1 hour goes to the new address (to its owner a notice instead, when another account holds it: the answer is the same).',
  })
  @ApiForbiddenResponse({ description: WRONG_PASSWORD })
  @ApiConflictResponse({ description: EMAIL_OFF })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts; see `Retry-After`.' })
  request(@CurrentUser() user: Account, @Body() body: ChangeEmailDto, @Req() req: Request): Promise<void> {
    return this.changes.request(user, body, req.ip ?? '');
  }

  @Public()
  @Post('preview')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({
    description: 'What the link is for: the account and the new address. Nothing is confirmed (mail scanners open links).',
    type: EmailChangePreviewDto,
  })
  @ApiGoneResponse({ description: EMAIL_CHANGE_GONE })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts; see `Retry-After`.' })
  preview(@Body() { token }: ConfirmEmailDto, @Req() req: Request): Promise<EmailChangePreviewDto> {
    return this.changes.preview(token, req.ip ?? '');
  }

  @Public()
  @Post('confirm')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'The address is changed; the other sessions of the account have ended.' })
  @ApiGoneResponse({ description: EMAIL_CHANGE_GONE })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts; see `Retry-After`.' })
  confirm(@Body() { token }: ConfirmEmailDto, @Req() req: Request): Promise<void> {
    return this.changes.confirm(token, req.ip ?? '', req.sessionID);
  }
}
