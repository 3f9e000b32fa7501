import { Module } from '@nestjs/common';
import { AuditService } from './audit.service.js';

/** audit_events: who changed, exported or erased what (no personal data). */
@Module({
  providers: [AuditService],
  exports: [AuditService],
})
export class AuditModule {}
