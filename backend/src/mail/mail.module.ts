import { Module } from '@nestjs/common';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';
import { Clock } from '../common/clock.js';
import { DailyDigest } from '../lead-emails/daily-digest.service.js';
import { EmailSender } from './email-sender.service.js';
import { MailTransport } from './mail-transport.service.js';
import { NewLeadEmails } from '../lead-emails/new-lead-emails.service.js';
import { SettingsEmailController } from './settings-email.controller.js';
import { TeamEmails } from './team-emails.service.js';
import { TestEmailService } from './test-email.service.js';

/**
 * E-mail: the SMTP transport, the templates (plain text and HTML), the test e-mail, and the
 * `email` channel of the delivery engine (queueEmails, EmailSender), the team's e-mails
 * (TeamEmails) and the daily digest.
 */
@Module({
  imports: [DeliveriesModule],
  controllers: [SettingsEmailController],
  providers: [MailTransport, TestEmailService, EmailSender, TeamEmails, DailyDigest, NewLeadEmails, Clock],
  exports: [MailTransport, TeamEmails],
})
export class MailModule {}
