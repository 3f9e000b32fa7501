import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { instant } from '../common/instant.js';
import { zonedInstant } from '../leads/business-time.js';
import type { ResponseTimeReportDto, ResponseTimeReportQueryDto } from './dto/response-time-report.dto.js';
import { ResponseTimeSettingsService } from '../leads/response-time-settings.service.js';

const DAY = 86_400_000;

/**
 * The report in one statement and one pass: the range's leads read once from
 * ix_contact_submissions_submitted_at_id (an index-only scan of the columns it needs) and
 * grouped three ways at once (GROUPING SETS: all of them, by assignee, by source); the
 * assignees' names joined to their groups, not to every lead. `level` tells the groups apart
 * (GROUPING's bits: 3 the totals, 1 an assignee's, 2 a source's). Ordered as the report lists
 * them. $1–$2 the range, $3 the target in minutes. Durations are the exact seconds
 * (response_seconds), never the whole minutes shown in the list: an answer after 3 min 47 s
 * is not within a 3-minute target.
 */
const REPORT = `
  WITH groups AS (
    SELECT GROUPING(assignee_id, utm_source) AS level, assignee_id, utm_source,
           count(*) AS leads,
           count(response_seconds) AS answered,
           count(*) FILTER (WHERE status = 'new') AS waiting,
           count(*) FILTER (WHERE status = 'new' AND response_due_at <= now()) AS overdue,
           count(*) FILTER (WHERE status = 'qualified') AS qualified,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY response_seconds) / 60 AS "medianMinutes",
           percentile_cont(0.9) WITHIN GROUP (ORDER BY response_seconds) / 60 AS "p90Minutes",
           avg((response_seconds <= $3::int * 60)::int) AS "withinTarget"
      FROM contact_submissions
     WHERE submitted_at >= $1 AND submitted_at < $2 AND status <> 'spam'
     GROUP BY GROUPING SETS ((), (assignee_id), (utm_source))
  )
  SELECT g.*, u.display_name AS "displayName"
    FROM groups g LEFT JOIN users u ON g.level = 1 AND u.id = g.assignee_id
   ORDER BY g.level DESC, u.display_name NULLS LAST, g.assignee_id, g.leads DESC, g.utm_source NULLS LAST`;

/** A group's row; counts come as text (bigint), the rest as numbers or null. */
interface Group {
  level: 1 | 2 | 3;
  assignee_id: string | null;
  utm_source: string | null;
  displayName: string | null;
  leads: string;
  answered: string;
  waiting: string;
  overdue: string;
  qualified: string;
  medianMinutes: number | null;
  p90Minutes: number | null;
  withinTarget: string | null;
}

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
    const groups = await this.dataSource.query<Group[]>(REPORT, [from, to, targetMinutes]);
    // The totals' group is always there (GROUPING SETS' () answers a row for no leads too).
    const totals = groups.find((group) => group.level === 3)!;
    return {
      leads: Number(totals.leads),
      answered: Number(totals.answered),
      waiting: Number(totals.waiting),
      overdue: Number(totals.overdue),
      medianMinutes: round(totals.medianMinutes, 1),
      p90Minutes: round(totals.p90Minutes, 1),
      withinTarget: round(totals.withinTarget, 3),
      byAssignee: groups
        .filter((group) => group.level === 1)
        .map((group) => ({
          assigneeId: group.assignee_id,
          displayName: group.displayName,
          answered: Number(group.answered),
          medianMinutes: round(group.medianMinutes, 1),
          withinTarget: round(group.withinTarget, 3),
        })),
      bySource: groups
        .filter((group) => group.level === 2)
        .map((group) => ({
          source: group.utm_source,
          leads: Number(group.leads),
          answered: Number(group.answered),
          qualified: Number(group.qualified),
          medianMinutes: round(group.medianMinutes, 1),
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
