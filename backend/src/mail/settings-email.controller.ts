import { Body, Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiBadGatewayResponse, ApiConflictResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Environment } from '../config/environment.js';
import type { Account } from '../identity/session-user.js';
import { CurrentUser } from '../identity/current-user.decorator.js';
import { MinRole } from '../identity/roles.js';
import { EmailSettingsDto } from './dto/email-settings.dto.js';
import { MailTransport } from './mail-transport.service.js';
import { TestEmailRequestDto } from './dto/test-email-request.dto.js';
import { TestEmailResultDto } from './dto/test-email-result.dto.js';
import { TestEmailService } from './test-email.service.js';

@ApiTags('admin')
@Controller('admin/settings')
export class SettingsEmailController {
  constructor(
    private readonly testEmail: TestEmailService,
    private readonly mail: MailTransport,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  // Every role: the drawer and the account page say "E-mail is not set up" where one would go.
  @MinRole('viewer')
  @Get('email')
  // The reply box reads `inbound` too: with no way in, it says the lead's replies will not come back.
  @ApiOkResponse({
    description: 'Whether e-mail is set up (SMTP_URL and MAIL_FROM), and how replies come in.',
    type: EmailSettingsDto,
  })
  emailSettings(): EmailSettingsDto {
    const endpoint = this.config.get('INBOUND_EMAIL_SECRET', { infer: true }) !== undefined;
    return { enabled: this.mail.enabled, from: this.mail.from ?? null, inbound: { endpoint, imap: false } };
  }

  @MinRole('admin')
  @Post('test-email')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: "Sent; the SMTP server's reply.", type: TestEmailResultDto })
  @ApiConflictResponse({
    description: 'E-mail is not set up (SMTP_URL, MAIL_FROM), or the caller has no e-mail address and gave none.',
  })
  @ApiBadGatewayResponse({ description: 'The mail server refused the e-mail or could not be reached.' })
  send(@Body() { to }: TestEmailRequestDto, @CurrentUser() account: Account): Promise<TestEmailResultDto> {
    return this.testEmail.send(to ?? account.email);
  }
}
