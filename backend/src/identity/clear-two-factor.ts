import type { EntityManager } from 'typeorm';
import { User } from './user.entity.js';

/**
 * Turns two-factor sign-in off for `userId` (secret and recovery codes gone), in the caller's
 * transaction: by the user (auth/) or by an admin for a teammate who lost their phone (team/).
 */
export async function clearTwoFactor(manager: EntityManager, userId: string): Promise<void> {
  await manager.update(
    User,
    { id: userId },
    { twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null, twoFactorRecoveryCodes: [] },
  );
}
