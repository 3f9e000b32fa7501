import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { AuthService } from './auth.service.js';
import { LoginDto } from './dto/login.dto.js';
import { SessionUserDto } from './dto/session-user.dto.js';
import { Public } from '../common/public.decorator.js';
import { endSession, startSession } from './session-user.js';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly authService: AuthService) {}

  @Public()
  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'Signed in; the session cookie is set.', type: SessionUserDto })
  @ApiUnauthorizedResponse({ description: 'Invalid username or password' })
  async login(@Body() { username, password }: LoginDto, @Req() req: Request): Promise<SessionUserDto> {
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
  @ApiOkResponse({ description: 'The signed-in admin.', type: SessionUserDto })
  @ApiUnauthorizedResponse({ description: 'Nobody is signed in.' })
  me(@Req() req: Request): SessionUserDto {
    return req.session.user!;
  }
}
