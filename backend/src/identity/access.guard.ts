import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectRepository } from '@nestjs/typeorm';
import type { Request } from 'express';
import { IsNull, Repository } from 'typeorm';
import { IS_PUBLIC } from './public.decorator.js';
import { MIN_ROLE, type Role, roleAllows } from './roles.js';
import { User } from './user.entity.js';
import { endSession, SESSION_ABSOLUTE_MS } from './session-user.js';

/** "a member or an admin", "an admin". */
function rolesFrom(required: Role): string {
  return required === 'admin' ? 'an admin' : required === 'member' ? 'a member or an admin' : 'a viewer, member or admin';
}

/**
 * Global guard, deny by default: a route marked @Public() is open; every other route needs a
 * signed-in, active account whose role is at least the route's @MinRole(). A route with
 * neither is refused to everyone (and test/roles.spec.ts names it). The account is read
 * afresh on each request, so a role change or a disabled account takes effect at once.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const req = context.switchToHttp().getRequest<Request>();
    const { user, signedInAt } = req.session ?? {};
    if (!user || !signedInAt) throw new UnauthorizedException('Sign in to continue');
    if (Date.now() - signedInAt > SESSION_ABSOLUTE_MS) {
      await endSession(req);
      throw new UnauthorizedException('Session expired');
    }
    const account = await this.users.findOne({
      select: { id: true, username: true, displayName: true, email: true, role: true },
      where: { id: user.id, disabledAt: IsNull() },
    });
    if (!account) {
      await endSession(req);
      throw new UnauthorizedException('Sign in to continue');
    }
    req.account = account;
    const required = this.reflector.getAllAndOverride<Role | undefined>(MIN_ROLE, targets);
    if (!required) throw new ForbiddenException('This route has no role rule');
    if (!roleAllows(account.role, required)) {
      throw new ForbiddenException(`Only ${rolesFrom(required)} may do this; your role is ${account.role}`);
    }
    return true;
  }
}
