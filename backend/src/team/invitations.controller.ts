import { Body, Controller, Delete, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiGoneResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { SessionUserDto } from '../identity/dto/session-user.dto.js';
import { type Account, startSession } from '../identity/session-user.js';
import { throttleLikeSignIn } from '../identity/sign-in-throttle.js';
import { Public } from '../identity/public.decorator.js';
import { MinRole } from '../identity/roles.js';
import { RateLimitService } from '../rate-limit/rate-limit.service.js';
import { AcceptInvitationDto } from './dto/accept-invitation.dto.js';
import { CreateInvitationDto } from './dto/create-invitation.dto.js';
import { InvitationCreatedDto } from './dto/invitation-created.dto.js';
import { ADDRESS_HAS_ACCOUNT, INVITATION_GONE, InvitationsService } from './invitations.service.js';
import { uuidParam } from '../common/uuid-param.js';

/** `/api/admin/invitations` (admins invite and withdraw) and `/api/auth/invitations/accept` (the invited accept). */
@ApiTags('team')
@Controller()
export class InvitationsController {
  constructor(
    private readonly invitations: InvitationsService,
    private readonly rateLimit: RateLimitService,
  ) {}

  @Post('admin/invitations')
  @MinRole('admin')
  @ApiCreatedResponse({ description: 'Invited (an open invitation of this e-mail is replaced).', type: InvitationCreatedDto })
  @ApiConflictResponse({ description: ADDRESS_HAS_ACCOUNT })
  invite(@Body() body: CreateInvitationDto, @CurrentUser() user: Account): Promise<InvitationCreatedDto> {
    return this.invitations.invite(body, user);
  }

  @Delete('admin/invitations/:id')
  @MinRole('admin')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Withdrawn: its link no longer works.' })
  @ApiNotFoundResponse({ description: 'No open invitation with this id.' })
  withdraw(
    @uuidParam('id', 'No open invitation with this id')
    id: string,
    @CurrentUser() user: Account,
  ): Promise<void> {
    return this.invitations.withdraw(id, user);
  }

  @Public()
  @Post('auth/invitations/accept')
  @ApiCreatedResponse({ description: 'The account is made and signed in (session cookie set).', type: SessionUserDto })
  @ApiGoneResponse({ description: INVITATION_GONE })
  @ApiConflictResponse({ description: `The username is taken, or: ${ADDRESS_HAS_ACCOUNT}.` })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts from this address; see `Retry-After`.' })
  async accept(@Body() body: AcceptInvitationDto, @Req() req: Request): Promise<SessionUserDto> {
    // Counted per address, and per address and invitation (the token's id part).
    await throttleLikeSignIn(this.rateLimit, 'invitation-accept', req.ip ?? '', body.token.split('.')[0]);
    const account = await this.invitations.accept(body);
    await startSession(req, account);
    return account;
  }
}
