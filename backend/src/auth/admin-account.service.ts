import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DEV_ADMIN } from '../config/development-secrets.js';
import type { Environment } from '../config/environment.js';
import { normaliseEmail, User } from '../users/user.entity.js';
import { hashPassword } from './passwords.js';

/**
 * Creates or updates the env admin from ADMIN_USERNAME / ADMIN_PASSWORD (and ADMIN_EMAIL) at
 * start-up: always an active `admin` with that password, so the environment stays the way
 * back in (a new install, a forgotten password, an admin demoted or disabled by mistake).
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
    if (password === undefined) {
      if ((await this.users.count()) === 0) throw new Error('ADMIN_PASSWORD is required while no admin user exists');
      return;
    }
    // The display name is only set for a new account: the admin may have changed it since.
    await this.users.query(
      `INSERT INTO users (username, password, email, display_name, role) VALUES ($1, $2, $3, $1, 'admin')
       ON CONFLICT (lower(username)) DO UPDATE
         SET password = excluded.password, email = coalesce(excluded.email, users.email), role = 'admin', disabled_at = NULL`,
      [username, await hashPassword(password), email === undefined ? null : normaliseEmail(email)],
    );
    this.logger.log(`admin account "${username}" is ready`);
  }
}
