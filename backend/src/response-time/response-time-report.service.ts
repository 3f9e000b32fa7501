import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { instant } from '../common/instant.js';
import { zonedInstant } from '../leads/business-time.js';
import type { ResponseTimeReportDto, ResponseTimeReportQueryDto } from './dto/response-time-report.dto.js';
import { ResponseTimeSettingsService } from '../leads/response-time-settings.service.js';

const DAY = 86_400_000;

/**
 * The report in one statement: the range's leads read once from
 * ix_contact_submissions_submitted_at_id (an index-only scan of the columns it needs), then
 * the totals, the groups by assignee and by source. $1–$2 the range, $3 the target in minutes.
 * Durations are the exact seconds (response_seconds), never the whole minutes shown in the
 * list: an answer after 3 min 47 s is not within a 3-minute target.
 */
const REPORT = `
  WITH leads AS MATERIALIZED (
    SELECT status, assignee_id, utm_source, (response_seconds / 60)::float8 AS response_minutes, response_due_at
      FROM contact_submissions
     WHERE submitted_at >= $1 AND submitted_at < $2 AND status <> 'spam'
  )
  SELECT
    (SELECT json_build_object(
       'leads', count(*),
       'answered', count(response_minutes),
       'waiting', count(*) FILTER (WHERE status = 'new'),
       'overdue', count(*) FILTER (WHERE status = 'new' AND response_due_at <= now()),
       'medianMinutes', percentile_cont(0.5) WITHIN GROUP (ORDER BY response_minutes),
       'p90Minutes', percentile_cont(0.9) WITHIN GROUP (ORDER BY response_minutes),
       'withinTarget', avg((response_minutes <= $3::int)::int))
       FROM leads) AS totals,
    (SELECT coalesce(json_agg(a ORDER BY a."displayName" NULLS LAST, a."assigneeId"), '[]')
       FROM (SELECT l.assignee_id AS "assigneeId", u.display_name AS "displayName",
                    count(l.response_minutes) AS answered,
                    percentile_cont(0.5) WITHIN GROUP (ORDER BY l.response_minutes) AS "medianMinutes",
                    avg((l.response_minutes <= $3::int)::int) AS "withinTarget"
               FROM leads l LEFT JOIN users u ON u.id = l.assignee_id
              GROUP BY l.assignee_id, u.display_name) a) AS "byAssignee",
    (SELECT coalesce(json_agg(b ORDER BY b.leads DESC, b.source NULLS LAST), '[]')
       FROM (SELECT utm_source AS source, count(*) AS leads, count(response_minutes) AS answered,
                    count(*) FILTER (WHERE status = 'qualified') AS qualified,
                    percentile_cont(0.5) WITHIN GROUP (ORDER BY response_minutes) AS "medianMinutes"
               FROM leads GROUP BY utm_source) b) AS "bySource"`;

type Row = Record<string, unknown>;

/** Minutes to 0.1, shares to 0.001; null stays null. */
const round = (value: unknown, places: number): number | null =>
  value === null || value === undefined ? null : Number(Number(value).toFixed(places));

/** The response-time report (Analytics): over leads submitted in [from, to), spam excluded. */
@Injectable()
export class ResponseTimeReport {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settings: ResponseTimeSettingsService,
  ) {}

  async report(query: ResponseTimeReportQueryDto, now = new Date()): Promise<ResponseTimeReportDto> {
    const to = this.bound(query.to, 'to', query.tz) ?? now;
    const from = this.bound(query.from, 'from', query.tz) ?? new Date(to.getTime() - 30 * DAY);
    if (from >= to) throw new BadRequestException(['from must be before to']);
    const { targetMinutes } = await this.settings.read();
    const [{ totals, byAssignee, bySource }] = await this.dataSource.query<
      Array<{ totals: Row; byAssignee: Row[]; bySource: Row[] }>
    >(REPORT, [from, to, targetMinutes]);
    return {
      leads: Number(totals.leads),
      answered: Number(totals.answered),
      waiting: Number(totals.waiting),
      overdue: Number(totals.overdue),
      medianMinutes: round(totals.medianMinutes, 1),
      p90Minutes: round(totals.p90Minutes, 1),
      withinTarget: round(totals.withinTarget, 3),
      byAssignee: byAssignee.map((row) => ({
        assigneeId: row.assigneeId as string | null,
        displayName: row.displayName as string | null,
        answered: Number(row.answered),
        medianMinutes: round(row.medianMinutes, 1),
        withinTarget: round(row.withinTarget, 3),
      })),
      bySource: bySource.map((row) => ({
        source: row.source as string | null,
        leads: Number(row.leads),
        answered: Number(row.answered),
        qualified: Number(row.qualified),
        medianMinutes: round(row.medianMinutes, 1),
      })),
    };
  }

  /** A plain date is its midnight in `tz`; an instant is itself (400 for one that does not exist). */
  private bound(text: string | undefined, field: string, tz: string): Date | undefined {
    if (text === undefined) return undefined;
    const date = instant(text.length === 10 ? `${text}T00:00:00Z` : text, field);
    if (!date || text.length !== 10) return date;
    const [year, month, day] = text.split('-').map(Number);
    return new Date(zonedInstant({ year, month, day }, 0, tz));
  }
}
