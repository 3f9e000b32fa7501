import { ConflictException, GoneException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type Actor, AuditService } from '../audit/audit.service.js';
import { refuseNamedPassword } from '../identity/new-password.js';
import { hashPassword } from '../identity/passwords.js';
import type { SessionUser } from '../identity/session-user.js';
import { issueToken, parseToken, tokenMatches } from '../identity/one-time-token.js';
import { Clock } from '../common/clock.js';
import { isUniqueViolation } from '../common/unique-violation.js';
import { DeliveryWorker } from '../deliveries/delivery-worker.service.js';
import { TeamEmails } from '../mail/team-emails.service.js';
import { newLeadDefault, normaliseEmail, replyDefault, User } from '../identity/user.entity.js';
import type { AcceptInvitationDto } from './dto/accept-invitation.dto.js';
import type { CreateInvitationDto } from './dto/create-invitation.dto.js';
import type { InvitationCreatedDto } from './dto/invitation-created.dto.js';
import { Invitation } from './invitation.entity.js';
import { notifyTeamUpdated } from '../common/live-event.js';

export const INVITATION_DAYS = 7;
export const INVITATION_GONE = 'This invitation is no longer valid';
export const ADDRESS_HAS_ACCOUNT = 'That address already has an account';

/**
 * Invitations: an admin invites an e-mail with a role; the link holds a one-time token
 * (one-time-token.ts) valid INVITATION_DAYS. Inviting the e-mail again replaces the open
 * invitation, which is e-mailed while e-mail is set up. An invitation only ever makes a new
 * account: an address that an account holds (active or disabled) is refused at both steps,
 * so that accepting can never replace an account's password or role (nor demote the last
 * admin).
 */
@Injectable()
export class InvitationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly teamEmails: TeamEmails,
    private readonly deliveries: DeliveryWorker,
  ) {}

  async invite({ email, role }: CreateInvitationDto, actor: Actor): Promise<InvitationCreatedDto> {
    const { id, token, hash } = issueToken();
    const expiresAt = new Date(this.clock.now().getTime() + INVITATION_DAYS * 24 * 60 * 60_000);
    const normalised = normaliseEmail(email);
    const inviteUrl = this.teamEmails.invitationUrl(token);
    const emailed = await this.dataSource.transaction(async (manager) => {
      await refuseAddressWithAccount(manager, normalised);
      const replaced = await manager.findOneBy(Invitation, { email: normalised });
      if (replaced) await manager.delete(Invitation, { id: replaced.id });
      await manager.insert(Invitation, { id, email: normalised, role, tokenHash: hash, expiresAt, invitedBy: actor.id });
      await this.audit.record(
        { actor, action: 'invite', detail: { invitationId: id, role, replaced: replaced?.id ?? null } },
        manager,
      );
      const { timeZone } = await manager.findOneOrFail(User, { where: { id: actor.id }, select: { timeZone: true } });
      return this.teamEmails.queueInvitation(manager, normalised, { inviteUrl, role, expiresAt, timeZone });
    });
    if (emailed) this.deliveries.nudge();
    // The link is in the answer either way: the dashboard shows it to copy.
    return { id, email: normalised, role, expiresAt: expiresAt.toISOString(), inviteUrl };
  }

  async withdraw(id: string, actor: Actor): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const { affected } = await manager.delete(Invitation, { id });
      if (!affected) throw new NotFoundException('No open invitation with this id');
      await this.audit.record({ actor, action: 'invite-withdraw', detail: { invitationId: id } }, manager);
    });
  }

  /**
   * Uses the invitation once: the account is made and the invitation deleted, in one
   * transaction; 410 for a token that is unknown, used, withdrawn, replaced or expired; 409
   * for a taken username or an address that has an account by now (the invitation stays).
   */
  async accept(body: AcceptInvitationDto): Promise<SessionUser> {
    const password = await hashPassword(body.password);
    return this.dataSource.transaction(async (manager) => {
      const invitation = await this.claim(manager, body.token);
      refuseNamedPassword(body.password, 'password', { username: body.username, email: invitation.email });
      await refuseAddressWithAccount(manager, invitation.email);
      const id = await this.createAccount(manager, {
        username: body.username,
        password,
        role: invitation.role,
        displayName: body.displayName ?? body.username,
        email: invitation.email,
        notifyNewLead: newLeadDefault(invitation.role),
        notifyReplies: replyDefault(invitation.role),
      });
      // Accepting signs the new teammate in: their first sign-in.
      // and the browser's time zone is the account's until they choose one.
      await manager.update(User, { id }, { lastSignInAt: () => 'now()', ...(body.timeZone ? { timeZone: body.timeZone } : {}) });
      await manager.delete(Invitation, { id: invitation.id });
      const account = { id, username: body.username };
      await this.audit.record({ actor: account, action: 'invite-accept', detail: { invitationId: invitation.id } }, manager);
      await notifyTeamUpdated(manager);
      return account;
    });
  }

  /** The open, unexpired invitation the token belongs to, locked; 410 otherwise. */
  private async claim(manager: EntityManager, token: string): Promise<Invitation> {
    const parsed = parseToken(token);
    const invitation = parsed
      ? await manager.findOne(Invitation, { where: { id: parsed.id }, lock: { mode: 'pessimistic_write' } })
      : null;
    const valid = invitation && tokenMatches(parsed!.secret, invitation.tokenHash) && invitation.expiresAt > this.clock.now();
    if (!valid) throw new GoneException(INVITATION_GONE);
    return invitation;
  }

  private async createAccount(
    manager: EntityManager,
    fields: Pick<User, 'username' | 'password' | 'role' | 'displayName' | 'email' | 'notifyNewLead' | 'notifyReplies'>,
  ): Promise<string> {
    try {
      const { identifiers } = await manager.insert(User, fields);
      return (identifiers[0] as { id: string }).id;
    } catch (error) {
      if (isUniqueViolation(error, 'uq_users_username')) throw new ConflictException('This username is taken');
      if (isUniqueViolation(error, 'uq_users_email')) throw new ConflictException(ADDRESS_HAS_ACCOUNT);
      throw error;
    }
  }
}

/** 409 when an account, active or disabled, holds the (normalised) address. */
async function refuseAddressWithAccount(manager: EntityManager, email: string): Promise<void> {
  if (await manager.existsBy(User, { email })) throw new ConflictException(ADDRESS_HAS_ACCOUNT);
}
