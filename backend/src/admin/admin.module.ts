import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { Clock } from '../common/clock.js';
import { ContactSubmission } from '../contact/contact-submission.entity.js';
import { AdminController } from './admin.controller.js';
import { AdminService } from './admin.service.js';
import { ContactsController } from './contacts.controller.js';
import { InboxService } from './inbox.service.js';
import { ContactsExportService } from './contacts-export.service.js';
import { SheetsModule } from '../sheets/sheets.module.js';

@Module({
  imports: [TypeOrmModule.forFeature([ContactSubmission]), AuditModule, SheetsModule],
  controllers: [AdminController, ContactsController],
  providers: [AdminService, InboxService, ContactsExportService, Clock],
})
export class AdminModule {}
