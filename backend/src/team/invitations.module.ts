import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { Clock } from '../common/clock.js';
import { MailModule } from '../mail/mail.module.js';
import { InvitationsController } from './invitations.controller.js';
import { InvitationsService } from './invitations.service.js';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';

/** Invitations to the team: made and withdrawn by admins, accepted by the invited. */
@Module({
  imports: [AuditModule, MailModule, DeliveriesModule],
  controllers: [InvitationsController],
  providers: [InvitationsService, Clock],
})
export class InvitationsModule {}
