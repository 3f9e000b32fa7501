import { createParamDecorator, type ExecutionContext, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import type { SessionUser } from './session-user.js';

/** The signed-in admin of the request (the SessionGuard has let it through). */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): SessionUser => {
  const user = context.switchToHttp().getRequest<Request>().session?.user;
  if (!user) throw new UnauthorizedException('Sign in to continue');
  return user;
});
