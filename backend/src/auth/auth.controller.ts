import { Body, Controller, Get, HttpCode, HttpStatus, Patch, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../identity/public.decorator.js';
import { MinRole } from '../identity/roles.js';
import { AccountService } from './account.service.js';
import { AuthService } from './auth.service.js';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { AccountDto } from './dto/account.dto.js';
import { ChangePasswordDto } from './dto/change-password.dto.js';
import { LoginDto } from './dto/login.dto.js';
import { SessionUserDto } from '../identity/dto/session-user.dto.js';
import { UpdateAccountDto } from '../identity/dto/update-account.dto.js';
import { type Account, clientUserAgent, endSession, requestClient, startSession } from '../identity/session-user.js';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly authService: AuthService,
    private readonly accounts: AccountService,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'Signed in; the session cookie is set.', type: SessionUserDto })
  @ApiUnauthorizedResponse({
    description: 'Invalid username or password; or, with two-factor sign-in on, `Two-factor code required` (no or a wrong code).',
  })
  @ApiTooManyRequestsResponse({ description: 'Too many failed sign-ins; `Retry-After` says how many seconds to wait.' })
  async login(
    @Body() { username, password, code, recoveryCode, timeZone }: LoginDto,
    @Req() req: Request,
  ): Promise<SessionUserDto> {
    const factor = { code, recoveryCode, userAgent: clientUserAgent(req) };
    const user = await this.authService.verifyCredentials(username, password, req.ip ?? '', factor, timeZone);
    await startSession(req, user);
    return user;
  }

  @Public()
  @Post('logout')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'The session is ended server-side.' })
  logout(@Req() req: Request): Promise<void> {
    return endSession(req);
  }

  @Get('me')
  @MinRole('viewer')
  @ApiOkResponse({ description: 'The signed-in account.', type: AccountDto })
  @ApiUnauthorizedResponse({ description: 'Nobody is signed in.' })
  me(@CurrentUser() user: Account): Promise<AccountDto> {
    return this.accounts.me(user.id);
  }

  @Patch('me')
  @MinRole('viewer')
  @ApiOkResponse({ description: 'Changed; the account as `GET /api/auth/me` answers it.', type: AccountDto })
  @ApiBadRequestResponse({
    description: 'A field breaks its rule, is null, or is not one of these (`email` changes by `POST /api/auth/email`).',
  })
  updateMe(@CurrentUser() user: Account, @Body() changes: UpdateAccountDto): Promise<AccountDto> {
    return this.accounts.update(user.id, changes);
  }

  @Post('password')
  @MinRole('viewer')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Changed; every other session of the account has ended.' })
  @ApiBadRequestResponse({ description: 'The current password is wrong, or the new one breaks a rule.' })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts; see `Retry-After`.' })
  changePassword(@CurrentUser() user: Account, @Body() body: ChangePasswordDto, @Req() req: Request): Promise<void> {
    return this.accounts.changePassword(user, body, req.sessionID, requestClient(req));
  }
}
