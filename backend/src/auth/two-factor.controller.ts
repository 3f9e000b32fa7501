import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { MinRole } from '../identity/roles.js';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { DisableTwoFactorDto, EnableTwoFactorDto, RecoveryCodesDto, TwoFactorSetupDto } from './dto/two-factor.dto.js';
import type { Account } from '../identity/session-user.js';
import { TwoFactorService } from './two-factor.service.js';

@ApiTags('auth')
@Controller('auth/2fa')
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Post('setup')
  @MinRole('viewer')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'A new secret for the authenticator app; not in use until enabled.', type: TwoFactorSetupDto })
  @ApiConflictResponse({ description: 'Two-factor sign-in is already on.' })
  setup(@CurrentUser() user: Account): Promise<TwoFactorSetupDto> {
    return this.twoFactor.setup(user);
  }

  @Post('enable')
  @MinRole('viewer')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'On; the recovery codes, shown this once.', type: RecoveryCodesDto })
  @ApiBadRequestResponse({ description: 'A wrong code, or no setup first.' })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts; see `Retry-After`.' })
  enable(@CurrentUser() user: Account, @Body() { code }: EnableTwoFactorDto, @Req() req: Request): Promise<RecoveryCodesDto> {
    return this.twoFactor.enable(user, code, req.ip ?? '');
  }

  @Post('disable')
  @MinRole('viewer')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Off: sign-in asks for the password only.' })
  @ApiBadRequestResponse({ description: 'The current password is wrong.' })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts; see `Retry-After`.' })
  disable(@CurrentUser() user: Account, @Body() { currentPassword }: DisableTwoFactorDto, @Req() req: Request): Promise<void> {
    return this.twoFactor.disable(user, currentPassword, req.ip ?? '');
  }
}
