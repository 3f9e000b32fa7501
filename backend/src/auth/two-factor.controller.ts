import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { MinRole } from '../identity/roles.js';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { WRONG_PASSWORD } from '../identity/sign-in-throttle.js';
import { CurrentPasswordDto, EnableTwoFactorDto, RecoveryCodesDto, TwoFactorSetupDto } from './dto/two-factor.dto.js';
import { type Account, requestClient } from '../identity/session-user.js';
import { TWO_FACTOR_OFF, TwoFactorService } from './two-factor.service.js';

const TOO_MANY = 'Too many wrong passwords (shared with sign-in and every password check of the account); see `Retry-After`.';

@ApiTags('auth')
@Controller('auth/2fa')
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

  @Post('setup')
  @MinRole('viewer')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'A new secret for the authenticator app; not in use until enabled.', type: TwoFactorSetupDto })
  @ApiBadRequestResponse({ description: 'No `currentPassword`.' })
  @ApiForbiddenResponse({ description: WRONG_PASSWORD })
  @ApiConflictResponse({ description: 'Two-factor sign-in is already on.' })
  @ApiTooManyRequestsResponse({ description: TOO_MANY })
  setup(
    @CurrentUser() user: Account,
    @Body() { currentPassword }: CurrentPasswordDto,
    @Req() req: Request,
  ): Promise<TwoFactorSetupDto> {
    return this.twoFactor.setup(user, currentPassword, req.ip ?? '');
  }

  @Post('enable')
  @MinRole('viewer')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'On; the recovery codes, shown this once.', type: RecoveryCodesDto })
  @ApiBadRequestResponse({ description: 'A wrong code, or no setup first.' })
  @ApiTooManyRequestsResponse({ description: 'Too many attempts; see `Retry-After`.' })
  enable(@CurrentUser() user: Account, @Body() { code }: EnableTwoFactorDto, @Req() req: Request): Promise<RecoveryCodesDto> {
    return this.twoFactor.enable(user, code, requestClient(req));
  }

  @Post('disable')
  @MinRole('viewer')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Off: sign-in asks for the password only.' })
  @ApiBadRequestResponse({ description: 'No `currentPassword`.' })
  @ApiForbiddenResponse({ description: WRONG_PASSWORD })
  @ApiTooManyRequestsResponse({ description: TOO_MANY })
  disable(@CurrentUser() user: Account, @Body() { currentPassword }: CurrentPasswordDto, @Req() req: Request): Promise<void> {
    return this.twoFactor.disable(user, currentPassword, requestClient(req));
  }

  @Post('recovery-codes')
  @MinRole('viewer')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'Ten new recovery codes, shown this once; the old ones no longer work.', type: RecoveryCodesDto })
  @ApiBadRequestResponse({ description: 'No `currentPassword`.' })
  @ApiForbiddenResponse({ description: WRONG_PASSWORD })
  @ApiConflictResponse({ description: TWO_FACTOR_OFF })
  @ApiTooManyRequestsResponse({ description: TOO_MANY })
  recoveryCodes(
    @CurrentUser() user: Account,
    @Body() { currentPassword }: CurrentPasswordDto,
    @Req() req: Request,
  ): Promise<RecoveryCodesDto> {
    return this.twoFactor.replaceRecoveryCodes(user, currentPassword, req.ip ?? '');
  }
}
