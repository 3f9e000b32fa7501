import type { EntityManager } from 'typeorm';

/**
 * Voids every open one-time link of an account: its password reset and its pending e-mail
 * change (a used or voided link answers 410). Links die with what they were sent for, so a
 * password change or reset, an e-mail change and disabling the account call this in the
 * transaction that makes the change.
 *
 * Race-free by lock order: the caller has already updated or locked the account's `users`
 * row, and whoever issues or uses a link locks that row first too (auth/account-link.ts,
 * the reset and e-mail change requests). A link issued just before the change is committed
 * before this DELETE starts, so it is deleted; one issued just after finds the account as
 * the change left it (another address, disabled, another password).
 */
export async function voidAccountLinks(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`DELETE FROM password_resets WHERE user_id = $1`, [userId]);
  await manager.query(`DELETE FROM email_changes WHERE user_id = $1`, [userId]);
}
