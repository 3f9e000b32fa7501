import { createParamDecorator, type ExecutionContext, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import type { Account } from './session-user.js';

/** The signed-in account of the request, as AccessGuard read it. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): Account => {
  const account = context.switchToHttp().getRequest<Request>().account;
  if (!account) throw new UnauthorizedException('Sign in to continue');
  return account;
});
