import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { IS_PUBLIC } from '../common/public.decorator.js';
import { endSession, SESSION_ABSOLUTE_MS } from './session-user.js';

/**
 * Global guard: every route needs a signed-in admin unless it is marked @Public(), so an
 * admin route added later is protected without anyone remembering to.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const req = context.switchToHttp().getRequest<Request>();
    const { user, signedInAt } = req.session ?? {};
    if (!user || !signedInAt) throw new UnauthorizedException('Sign in to continue');
    if (Date.now() - signedInAt > SESSION_ABSOLUTE_MS) {
      await endSession(req);
      throw new UnauthorizedException('Session expired');
    }
    return true;
  }
}
