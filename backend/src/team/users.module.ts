import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { Clock } from '../common/clock.js';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';
import { MailModule } from '../mail/mail.module.js';
import { AssigneesController } from './assignees.controller.js';
import { HandOver } from './hand-over.service.js';
import { TeamService } from './team.service.js';
import { UsersController } from './users.controller.js';

/** The team page's accounts and whom a lead can be assigned to (the User entity lives here too). */
@Module({
  imports: [AuditModule, MailModule, DeliveriesModule],
  controllers: [UsersController, AssigneesController],
  providers: [TeamService, HandOver, Clock],
})
export class UsersModule {}
