import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Req } from '@nestjs/common';
import { ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { MinRole } from '../identity/roles.js';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { SessionDto, SignInRecordDto } from './dto/session.dto.js';
import type { Account } from '../identity/session-user.js';
import { SessionsService } from './sessions.service.js';
import { SignInsService } from './sign-ins.service.js';

/** Where the caller is signed in, and where they (or someone) tried to sign in as them. */
@ApiTags('auth')
@Controller('auth')
export class SessionsController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly signIns: SignInsService,
  ) {}

  @Get('sessions')
  @MinRole('viewer')
  @ApiOkResponse({ description: "The caller's sessions, newest first.", type: [SessionDto] })
  list(@CurrentUser() user: Account, @Req() req: Request): Promise<SessionDto[]> {
    return this.sessions.list(user.id, req.sessionID);
  }

  @Delete('sessions/:id')
  @MinRole('viewer')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Ended: its next request answers 401, its live event streams close.' })
  @ApiNotFoundResponse({ description: 'No session of the caller has this id.' })
  end(@CurrentUser() user: Account, @Param('id') id: string): Promise<void> {
    return this.sessions.end(user.id, id);
  }

  @Get('sign-ins')
  @MinRole('viewer')
  @ApiOkResponse({ description: "The caller's last 50 sign-ins, successful or not, newest first.", type: [SignInRecordDto] })
  signInRecord(@CurrentUser() user: Account): Promise<SignInRecordDto[]> {
    return this.signIns.recent(user.id);
  }
}
