import { Module } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';
import { MailModule } from '../mail/mail.module.js';
import { AssignedEmails } from './assigned-emails.service.js';
import { DailyDigest } from './daily-digest.service.js';
import { NewLeadEmails } from './new-lead-emails.service.js';

/**
 * The team's e-mails about leads, as channels of the lead's events: the new-lead e-mail (and
 * its removal from the digests of erased leads), "Assigned to you", and the daily digest.
 */
@Module({
  imports: [MailModule, DeliveriesModule],
  providers: [NewLeadEmails, AssignedEmails, DailyDigest, Clock],
})
export class LeadEmailsModule {}
