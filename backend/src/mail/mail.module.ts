import { Module } from '@nestjs/common';
import { MailTransport } from './mail-transport.service.js';
import { SettingsEmailController } from './settings-email.controller.js';
import { TestEmailService } from './test-email.service.js';

/** E-mail: the SMTP transport, the templates (plain text and HTML) and the test e-mail. */
@Module({
  controllers: [SettingsEmailController],
  providers: [MailTransport, TestEmailService],
  exports: [MailTransport],
})
export class MailModule {}
