import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { Clock } from '../common/clock.js';
import { TeamService } from './team.service.js';
import { UsersController } from './users.controller.js';

/** The team page's accounts (the User entity lives here too). */
@Module({
  imports: [AuditModule],
  controllers: [UsersController],
  providers: [TeamService, Clock],
})
export class UsersModule {}
