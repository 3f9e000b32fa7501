import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SheetsModule } from '../sheets/sheets.module.js';
import { ContactSubmission } from './contact-submission.entity.js';
import { ContactController } from './contact.controller.js';
import { ContactService } from './contact.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ContactSubmission]), SheetsModule],
  controllers: [ContactController],
  providers: [ContactService],
})
export class ContactModule {}
