import { BadRequestException, Injectable, PreconditionFailedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type Actor, AuditService } from '../audit/audit.service.js';
import { LeadRouting } from '../leads/lead-routing.service.js';
import { etagOf, ifMatchHolds } from '../leads/lead-version.js';
import type { RoutingDecisionDto, RoutingSettingsDto, RoutingTestDto } from './dto/routing-settings.dto.js';
import { checkRouting, type RoutingRules } from './routing-rules.js';
import { RoutingSettings } from '../leads/routing-settings.entity.js';

/** The rules with their version (the ETag). */
export interface VersionedRouting {
  settings: RoutingRules;
  etag: string;
}

/** Settings → Routing: the rules (read by the intake's statement itself) and their dry run. */
@Injectable()
export class RoutingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly leadRouting: LeadRouting,
  ) {}

  async read(manager: EntityManager = this.dataSource.manager): Promise<VersionedRouting> {
    const row = await manager.findOneByOrFail(RoutingSettings, { id: true });
    return { settings: { rules: row.rules, fallback: row.fallback }, etag: etagOf(row.version) };
  }

  /**
   * Saves the rules: every person of a pool must be an active member or admin (400 naming
   * them); with `ifMatch`, 412 (and the rules as they are now) when someone saved since.
   */
  async save(body: RoutingSettingsDto, ifMatch: string | undefined, actor: Actor): Promise<VersionedRouting> {
    const checked = checkRouting(body);
    return this.dataSource.transaction(async (manager) => {
      const row = await manager.findOneOrFail(RoutingSettings, { where: { id: true }, lock: { mode: 'pessimistic_write' } });
      if (ifMatch !== undefined && !ifMatchHolds(ifMatch, row.version)) {
        throw new PreconditionFailedException({
          statusCode: 412,
          error: 'Precondition Failed',
          message: 'The routing rules changed since you read them',
          current: { rules: row.rules, fallback: row.fallback },
          etag: etagOf(row.version),
        });
      }
      await this.refuseUnavailable(manager, checked);
      await manager.update(
        RoutingSettings,
        { id: true },
        {
          rules: checked.rules,
          fallback: checked.fallback,
          version: row.version + 1,
          updatedAt: () => 'now()',
        },
      );
      await this.audit.record(
        { actor, action: 'routing', detail: { rules: checked.rules.length, version: row.version + 1 } },
        manager,
      );
      return this.read(manager);
    });
  }

  /** Who a lead like `sample` would go to now, and why; nothing stored, no cursor moved. */
  async test(sample: RoutingTestDto): Promise<RoutingDecisionDto> {
    const decision = await this.leadRouting.dryRun(sample);
    if (decision.returning) return { assigneeId: decision.assigneeId, rule: null, reason: 'returning lead' };
    if (!decision.routing) return { assigneeId: null, rule: null, reason: 'no rule matched' };
    return { assigneeId: decision.assigneeId, rule: decision.routing.rule, reason: decision.routing.reason };
  }

  private async refuseUnavailable(manager: EntityManager, { rules, fallback }: RoutingRules): Promise<void> {
    const pools = [...rules.map((rule, index) => ({ where: `rules[${index}] (${rule.name})`, pool: rule.pool }))];
    if (fallback) pools.push({ where: 'fallback', pool: fallback.pool });
    const ids = [...new Set(pools.flatMap(({ pool }) => pool))];
    const rows = await manager.query<Array<{ id: string }>>(
      `SELECT id FROM users WHERE id = ANY($1::uuid[]) AND disabled_at IS NULL AND role IN ('admin', 'member')`,
      [ids],
    );
    const available = new Set(rows.map(({ id }) => id));
    const errors = pools.flatMap(({ where, pool }) =>
      pool.filter((id) => !available.has(id)).map((id) => `${where}.pool: ${id} is not an active member or admin`),
    );
    if (errors.length) throw new BadRequestException(errors);
  }
}
