import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, IsNull, MoreThan } from 'typeorm';
import { type Actor, AuditService } from '../audit/audit.service.js';
import { dropPendingEmailsTo } from '../mail/queue-emails.js';
import { endSessionsOf } from '../identity/sessions-of.js';
import { voidAccountLinks } from '../identity/account-links.js';
import { Clock } from '../common/clock.js';
import { Invitation } from './invitation.entity.js';
import { ASSIGNABLE_ROLES } from '../identity/assignable-roles.js';
import { PersonDto } from '../identity/dto/person.dto.js';
import { AssigneeDto } from './dto/assignee.dto.js';
import { TeamMemberDto } from './dto/team-member.dto.js';
import type { UpdateUserDto } from './dto/update-user.dto.js';
import { User } from '../identity/user.entity.js';
import { notifyTeamUpdated } from '../common/live-event.js';
import { clearTwoFactor } from '../identity/clear-two-factor.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import type { RequestClient } from '../mail/security-notice-email.js';
import { TeamEmails } from '../mail/team-emails.service.js';
import { HandOver } from './hand-over.service.js';

export const LAST_ADMIN = 'The last active admin cannot be demoted or disabled';

/** The team page: every account and open invitation; an account's role and disabled state. */
@Injectable()
export class TeamService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly teamEmails: TeamEmails,
    private readonly deliveries: DeliveryWorker,
    private readonly handOver: HandOver,
  ) {}

  async list(): Promise<TeamMemberDto[]> {
    const users = await this.dataSource.manager.find(User, { order: { createdAt: 'ASC', id: 'ASC' } });
    const invitations = await this.dataSource.manager.find(Invitation, {
      where: { expiresAt: MoreThan(this.clock.now()) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    const openLeads = await this.handOver.openLeadCounts(
      this.dataSource.manager,
      users.map((user) => user.id),
    );
    return [
      ...users.map((user) => TeamMemberDto.fromUser(user, openLeads.get(user.id))),
      ...invitations.map((row) => TeamMemberDto.fromInvitation(row)),
    ];
  }

  /** The active accounts, by display name: whom a lead can be assigned to. */
  async assignees(): Promise<AssigneeDto[]> {
    const users = await this.dataSource.manager.find(User, {
      select: { id: true, username: true, displayName: true, away: true },
      where: { disabledAt: IsNull(), role: In(ASSIGNABLE_ROLES) },
      order: { displayName: 'ASC', username: 'ASC' },
    });
    return users.map((user) => AssigneeDto.fromUser(user));
  }

  /** The disabled accounts that still own a lead, by display name: the admins find their leads by them. */
  async disabledOwners(): Promise<PersonDto[]> {
    const users = await this.dataSource.query<PersonDto[]>(
      `SELECT u.id, u.username, u.display_name AS "displayName" FROM users u
        WHERE u.disabled_at IS NOT NULL AND EXISTS (SELECT FROM contact_submissions s WHERE s.assignee_id = u.id)
        ORDER BY u.display_name, u.username`,
    );
    return users.map((user) => PersonDto.from(user));
  }

  /**
   * Changes the role and/or disabled state, or turns two-factor sign-in off, with an audit
   * event for each change; disabling ends the account's sessions and voids its open links in
   * the same transaction. The active admins are locked first, so two admins demoting each
   * other at once cannot leave none. `client` is the admin's request, named in the notice to
   * the teammate. With `handOverTo`, disabling hands their open leads over in the same
   * transaction (HandOver): a handover that fails leaves the account as it was.
   */
  async update(id: string, changes: UpdateUserDto, actor: Actor, client: RequestClient): Promise<TeamMemberDto> {
    if (
      changes.role === undefined &&
      changes.disabled === undefined &&
      changes.twoFactor === undefined &&
      changes.away === undefined
    )
      throw new BadRequestException(['role, disabled, twoFactor or away must be given']);
    if (changes.handOverTo !== undefined && changes.disabled !== true)
      throw new BadRequestException(['handOverTo is only taken with disabled: true']);
    const updated = await this.dataSource.transaction(async (manager) => {
      const admins = await this.lockActiveAdmins(manager);
      const user = await manager.findOne(User, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!user) throw new NotFoundException('No account with this id');
      const role = changes.role ?? user.role;
      const disabled = changes.disabled ?? user.disabledAt !== null;
      if (admins.includes(user.id) && admins.length === 1 && (role !== 'admin' || disabled))
        throw new ConflictException(LAST_ADMIN);
      if (role !== user.role) {
        await manager.update(User, { id }, { role });
        await this.audit.record({ actor, action: 'role', detail: { userId: id, from: user.role, to: role } }, manager);
      }
      if (disabled !== (user.disabledAt !== null)) {
        await manager.update(User, { id }, { disabledAt: disabled ? () => 'now()' : null });
        if (disabled) await endSessionsOf(manager, id);
        // Its open reset and e-mail change links die for good: enabling it again revives none.
        if (disabled) await voidAccountLinks(manager, id);
        if (disabled && user.email) await dropPendingEmailsTo(manager, user.email);
        await this.audit.record({ actor, action: disabled ? 'disable' : 'enable', detail: { userId: id } }, manager);
      }
      if (changes.handOverTo !== undefined) {
        await this.handOver.check(manager, id, changes.handOverTo);
        await this.handOver.handOver(manager, id, changes.handOverTo, actor);
      }
      // The way back in for a teammate who lost their phone and their recovery codes.
      const twoFactorOff = changes.twoFactor === false && user.twoFactorEnabledAt !== null;
      if (twoFactorOff) {
        await clearTwoFactor(manager, id);
        await this.audit.record({ actor, action: 'two-factor-off', detail: { userId: id } }, manager);
        const notice = { kind: 'two-factor-off', byAdmin: actor?.username } as const;
        await this.teamEmails.queueSecurityNotice(manager, user, notice, client);
      }
      const away = changes.away !== undefined && changes.away !== user.away;
      if (away) {
        await manager.update(User, { id }, { away: changes.away });
        await this.audit.record({ actor, action: 'away', detail: { userId: id, away: changes.away } }, manager);
      }
      if (role !== user.role || disabled !== (user.disabledAt !== null) || twoFactorOff || away) await notifyTeamUpdated(manager);
      const openLeads = await this.handOver.openLeadCounts(manager, [id]);
      return TeamMemberDto.fromUser(await manager.findOneByOrFail(User, { id }), openLeads.get(id));
    });
    this.deliveries.nudge();
    return updated;
  }

  private async lockActiveAdmins(manager: EntityManager): Promise<string[]> {
    const admins = await manager.find(User, {
      select: { id: true },
      where: { role: 'admin', disabledAt: IsNull() },
      // One order for every transaction, so that two of them wait for each other rather than deadlock.
      order: { id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
    return admins.map((admin) => admin.id);
  }
}
