import { Module } from '@nestjs/common';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';
import { EmailSender } from './email-sender.service.js';
import { MailTransport } from './mail-transport.service.js';
import { SettingsEmailController } from './settings-email.controller.js';
import { TeamEmails } from './team-emails.service.js';
import { TestEmailService } from './test-email.service.js';

/**
 * E-mail, below the features: the SMTP transport, the layout (plain text and HTML), the test
 * e-mail, the `email` channel of the delivery engine (queueEmails, EmailSender) and the
 * team's account e-mails (TeamEmails). The e-mails about leads are in lead-emails/.
 */
@Module({
  imports: [DeliveriesModule],
  controllers: [SettingsEmailController],
  providers: [MailTransport, TestEmailService, EmailSender, TeamEmails],
  exports: [MailTransport, TeamEmails],
})
export class MailModule {}
