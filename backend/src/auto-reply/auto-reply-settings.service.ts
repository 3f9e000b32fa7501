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
    const { enabled, subject, body, replyTo, fromName } = await manager.findOneByOrFail(AutoReplySettings, { id: true });
    return { enabled, subject, body, replyTo, fromName };
  }

  /** `replyTo` and `fromName` left out stay as they are; null or empty clears them. */
  async save({ enabled, subject, body, replyTo, fromName }: AutoReplySettingsDto): Promise<AutoReplySettingsDto> {
    const sender = {
      ...(replyTo === undefined ? {} : { replyTo: replyTo || null }),
      ...(fromName === undefined ? {} : { fromName: fromName || null }),
    };
    await this.dataSource.manager.update(
      AutoReplySettings,
      { id: true },
      { enabled, subject, body, ...sender, updatedAt: () => 'now()' },
    );
    return this.read();
  }
}
