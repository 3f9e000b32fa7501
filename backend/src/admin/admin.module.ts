import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { Clock } from '../common/clock.js';
import { ContactSubmission } from '../contact/contact-submission.entity.js';
import { AdminController } from './admin.controller.js';
import { AdminService } from './admin.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ContactSubmission]), AuditModule],
  controllers: [AdminController],
  providers: [AdminService, Clock],
})
export class AdminModule {}
