import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { ContactSubmission } from '../leads/contact-submission.entity.js';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';
import { MailModule } from '../mail/mail.module.js';
import { ContactEmailsService } from './contact-emails.service.js';
import { ContactNotesService } from './contact-notes.service.js';
import { ContactTriageService } from './contact-triage.service.js';
import { ContactsController } from './contacts.controller.js';
import { ContactsExportService } from './contacts-export.service.js';
import { ContactsListService } from './contacts-list.service.js';
import { ResponseTimeSettingsService } from '../leads/response-time-settings.service.js';
import { ContactsBulkService } from './contacts-bulk.service.js';
import { ContactRelease } from './contact-release.service.js';

/** The inbox's leads: the list and its export, one lead's triage, and its erasure (leads/' ErasureService). */
@Module({
  imports: [TypeOrmModule.forFeature([ContactSubmission]), AuditModule, DeliveriesModule, MailModule],
  controllers: [ContactsController],
  providers: [
    ContactsListService,
    ContactsExportService,
    ContactTriageService,
    ContactEmailsService,
    ContactNotesService,
    ResponseTimeSettingsService,
    ContactsBulkService,
    ContactRelease,
  ],
})
export class ContactsModule {}
