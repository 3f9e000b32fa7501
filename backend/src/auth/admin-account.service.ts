import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DEV_ADMIN } from '../config/development-secrets.js';
import type { Environment } from '../config/environment.js';
import { newLeadDefault, normaliseEmail, User } from '../identity/user.entity.js';
import { hashPassword } from '../identity/passwords.js';

/**
 * The env admin (ADMIN_USERNAME / ADMIN_PASSWORD, and ADMIN_EMAIL) at start-up: created when
 * no account of that username exists, so that a new install can sign in. An existing account
 * is left as the team made it (its password, role and disabled state are theirs to change);
 * ADMIN_RESET=true, for one start, sets its password from the environment again, makes it
 * an active admin and turns its two-factor sign-in off: the way back in after a lock-out.
 */
@Injectable()
export class AdminAccountService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AdminAccountService.name);

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const production = this.config.get('NODE_ENV', { infer: true }) === 'production';
    const username = this.config.get('ADMIN_USERNAME', { infer: true }) ?? DEV_ADMIN.username;
    const password = this.config.get('ADMIN_PASSWORD', { infer: true }) ?? (production ? undefined : DEV_ADMIN.password);
    const email = this.config.get('ADMIN_EMAIL', { infer: true });
    const reset = this.config.get('ADMIN_RESET', { infer: true });
    if (reset && password === undefined) throw new Error('ADMIN_RESET=true needs ADMIN_PASSWORD');
    // Plain SQL: a start with MIGRATE_ON_START=false may find the schema of an older release.
    const [existing] = await this.users.query<unknown[]>(`SELECT 1 FROM users WHERE username = $1`, [username]);
    if (existing) {
      if (reset) await this.resetAdmin(username, password!, email);
      return;
    }
    if (password === undefined) {
      if ((await this.users.count()) === 0) throw new Error('ADMIN_PASSWORD is required while no admin user exists');
      return;
    }
    // A concurrent start (another replica) may have made it first: nothing to do then.
    await this.users.query(
      `INSERT INTO users (username, password, email, display_name, role, notify_new_lead) VALUES ($1, $2, $3, $1, 'admin', $4)
       ON CONFLICT (lower(username)) DO NOTHING`,
      [username, await hashPassword(password), email === undefined ? null : normaliseEmail(email), newLeadDefault('admin')],
    );
    this.logger.log(`admin account "${username}" is ready`);
  }

  private async resetAdmin(username: string, password: string, email: string | undefined): Promise<void> {
    // Its open reset and e-mail change links die with the old password, as with any reset
    // (identity/account-links.ts). A table an older schema lacks has none to void.
    for (const table of ['password_resets', 'email_changes']) {
      const [{ present }] = await this.users.query<Array<{ present: boolean }>>(`SELECT to_regclass($1) IS NOT NULL AS present`, [
        table,
      ]);
      if (present)
        await this.users.query(`DELETE FROM ${table} WHERE user_id IN (SELECT id FROM users WHERE lower(username) = lower($1))`, [
          username,
        ]);
    }
    await this.users.query(
      `UPDATE users SET password = $2, email = coalesce($3, email), role = 'admin', disabled_at = NULL WHERE lower(username) = lower($1)`,
      [username, await hashPassword(password), email === undefined ? null : normaliseEmail(email)],
    );
    // Two-factor sign-in off too: a lost phone is as much a lock-out as a lost password. Its own
    // statement, as a schema older than two-factor sign-in has none to clear (42703).
    await this.users
      .query(
        `UPDATE users SET two_factor_secret = NULL, two_factor_enabled_at = NULL, two_factor_last_step = NULL,
                two_factor_recovery_codes = '{}' WHERE lower(username) = lower($1)`,
        [username],
      )
      .catch((error: unknown) => {
        if ((error as { code?: string }).code !== '42703') throw error;
      });
    this.logger.warn(
      `admin account "${username}" reset from ADMIN_PASSWORD (ADMIN_RESET=true): unset ADMIN_RESET for the next start`,
    );
  }
}
