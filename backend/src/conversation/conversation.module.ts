import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';
import { ResponseTimeSettingsService } from '../leads/response-time-settings.service.js';
import { MailModule } from '../mail/mail.module.js';
import { InboundEmailController } from './inbound-email.controller.js';
import { InboundEmailEndpoint } from './inbound-email-endpoint.service.js';
import { ImapPoller } from './imap-poller.service.js';
import { InboundMessages } from './inbound-messages.service.js';
import { LeadMessagesController } from './lead-messages.controller.js';
import { LeadThreads } from './lead-threads.service.js';
import { MessageSending } from './message-sending.service.js';
import { ReplySender } from './reply-sender.service.js';
import { ReplyTemplates } from './reply-templates.service.js';
import { ReplyTemplatesController } from './reply-templates.controller.js';

/**
 * The conversation (docs/conversation.md): a teammate's e-mails to a lead (MessageSending,
 * sent by ReplySender from the outbox), the lead's replies taken raw (InboundMessages: the
 * endpoint's, and ImapPoller's from IMAP_URL's mailbox), the thread with its files (LeadThreads)
 * and the team's reply templates (ReplyTemplates).
 */
@Module({
  imports: [AuditModule, DeliveriesModule, MailModule],
  controllers: [LeadMessagesController, InboundEmailController, ReplyTemplatesController],
  providers: [
    MessageSending,
    ReplySender,
    InboundMessages,
    InboundEmailEndpoint,
    ImapPoller,
    LeadThreads,
    ResponseTimeSettingsService,
    ReplyTemplates,
  ],
  exports: [InboundMessages],
})
export class ConversationModule {}
