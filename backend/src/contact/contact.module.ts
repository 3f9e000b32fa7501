import { Module } from '@nestjs/common';
import { AutoReplyModule } from '../auto-reply/auto-reply.module.js';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';
import { MailModule } from '../mail/mail.module.js';
import { SheetsModule } from '../sheets/sheets.module.js';
import { SpamModule } from '../spam/spam.module.js';
import { ContactController } from './contact.controller.js';
import { ContactService } from './contact.service.js';
import { SubmissionBatcher } from './submission-batcher.js';
import { SubmissionCountsRollup } from './submission-counts-rollup.service.js';

@Module({
  imports: [SheetsModule, DeliveriesModule, MailModule, AutoReplyModule, SpamModule],
  controllers: [ContactController],
  providers: [ContactService, SubmissionBatcher, SubmissionCountsRollup],
})
export class ContactModule {}
