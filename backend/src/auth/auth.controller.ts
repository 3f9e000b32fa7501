import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { AuthService } from './auth.service.js';
import { LoginDto } from './dto/login.dto.js';
import { Public } from './public.decorator.js';
import { endSession, type SessionUser, startSession } from './session-user.js';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly authService: AuthService) {}

  @Public()
  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'Signed in; the session cookie is set.' })
  @ApiUnauthorizedResponse({ description: 'Invalid username or password' })
  async login(@Body() { username, password }: LoginDto, @Req() req: Request): Promise<SessionUser> {
    const user = await this.authService.verifyCredentials(username, password, req.ip ?? '');
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
  @ApiOkResponse({ description: 'The signed-in admin.' })
  me(@Req() req: Request): SessionUser {
    return req.session.user!;
  }
}
