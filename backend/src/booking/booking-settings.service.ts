import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { BookingSettings } from './booking-settings.entity.js';
import type { BookingSettingsDto } from './dto/booking-settings.dto.js';

/** Reads and saves the one row of the team's booking settings (the migration wrote it). */
@Injectable()
export class BookingSettingsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async read(manager: EntityManager = this.dataSource.manager): Promise<BookingSettingsDto> {
    const { defaultUrl, provider } = await manager.findOneByOrFail(BookingSettings, { id: true });
    return { defaultUrl, provider };
  }

  async save({ defaultUrl, provider }: BookingSettingsDto): Promise<BookingSettingsDto> {
    await this.dataSource.manager.update(
      BookingSettings,
      { id: true },
      { defaultUrl: defaultUrl || null, provider, updatedAt: () => 'now()' },
    );
    return this.read();
  }
}
