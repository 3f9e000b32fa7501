import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { AutoReplies } from './auto-replies.service.js';
import { AutoReplySettingsService } from './auto-reply-settings.service.js';
import { AutoReplyController } from './auto-reply.controller.js';

/** The auto-reply to the visitor (docs/integrations.md, "E-mail"): its settings, and its e-mail queued with each lead. */
@Module({
  imports: [MailModule],
  controllers: [AutoReplyController],
  providers: [AutoReplySettingsService, AutoReplies],
  exports: [AutoReplies],
})
export class AutoReplyModule {}
