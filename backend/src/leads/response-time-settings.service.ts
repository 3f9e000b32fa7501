import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { BusinessHours } from './business-time.js';
import type { ResponseTimeSettingsDto } from './dto/response-time-settings.dto.js';
import { ResponseTimeSettings } from './response-time-settings.entity.js';

/** The response-time settings as the rules take them. */
export interface ResponseTimeRules {
  targetMinutes: number;
  businessHours: BusinessHours | null;
}

/** Reads and saves the one row of the response-time settings (the migration wrote it). */
@Injectable()
export class ResponseTimeSettingsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** With `share`, locked against a save until the caller's transaction ends (the due times it computes stay true). */
  async read(manager: EntityManager = this.dataSource.manager, share = false): Promise<ResponseTimeRules> {
    const { targetMinutes, businessHours } = await manager.findOneOrFail(ResponseTimeSettings, {
      where: { id: true },
      lock: share ? { mode: 'pessimistic_read' } : undefined,
    });
    return { targetMinutes, businessHours };
  }

  /**
   * Saves them; the due times of the leads still waiting for their escalation are computed
   * again (by the response-time scan) under the new ones. An escalation already sent stays sent.
   */
  async save({ targetMinutes, businessHours }: ResponseTimeSettingsDto): Promise<ResponseTimeRules> {
    if (businessHours && businessHours.end <= businessHours.start) {
      throw new BadRequestException(['businessHours.end must be after businessHours.start']);
    }
    const hours: BusinessHours | null = businessHours
      ? {
          timeZone: businessHours.timeZone,
          days: [...businessHours.days].sort((a, b) => a - b),
          start: businessHours.start,
          end: businessHours.end,
        }
      : null;
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE response_time_settings SET target_minutes = $1, business_hours = $2::jsonb, updated_at = now() WHERE id`,
        [targetMinutes, hours === null ? null : JSON.stringify(hours)],
      );
      await manager.query(
        `UPDATE contact_submissions SET response_due_at = NULL WHERE status = 'new' AND escalated_at IS NULL AND response_due_at IS NOT NULL`,
      );
    });
    return this.read();
  }
}
