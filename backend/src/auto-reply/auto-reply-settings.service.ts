import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AutoReplySettings } from './auto-reply-settings.entity.js';
import type { AutoReplySettingsDto } from './dto/auto-reply-settings.dto.js';

/** Reads and saves the one row of the auto-reply's settings (the migration wrote it). */
@Injectable()
export class AutoReplySettingsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async read(manager: EntityManager = this.dataSource.manager): Promise<AutoReplySettingsDto> {
    const { enabled, subject, body } = await manager.findOneByOrFail(AutoReplySettings, { id: true });
    return { enabled, subject, body };
  }

  async save({ enabled, subject, body }: AutoReplySettingsDto): Promise<AutoReplySettingsDto> {
    await this.dataSource.manager.update(AutoReplySettings, { id: true }, { enabled, subject, body, updatedAt: () => 'now()' });
    return this.read();
  }
}
