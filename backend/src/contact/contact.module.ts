import { Module } from '@nestjs/common';
import { SheetsModule } from '../sheets/sheets.module.js';
import { ContactController } from './contact.controller.js';
import { ContactService } from './contact.service.js';
import { SubmissionBatcher } from './submission-batcher.js';
import { SubmissionCountsRollup } from './submission-counts-rollup.service.js';

@Module({
  imports: [SheetsModule],
  controllers: [ContactController],
  providers: [ContactService, SubmissionBatcher, SubmissionCountsRollup],
})
export class ContactModule {}
