import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { RoutingController } from './routing.controller.js';
import { RoutingService } from './routing.service.js';

/** Settings → Routing (docs/routing.md): the rules and their dry run; leads/ routes the leads. */
@Module({
  imports: [AuditModule],
  controllers: [RoutingController],
  providers: [RoutingService],
})
export class RoutingModule {}
