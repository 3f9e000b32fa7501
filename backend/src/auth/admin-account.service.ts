import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DEV_ADMIN } from '../config/development-secrets.js';
import type { Environment } from '../config/environment.js';
import { User } from '../users/user.entity.js';
import { hashPassword } from './passwords.js';

/** Creates or updates the admin account from ADMIN_USERNAME / ADMIN_PASSWORD at start-up. */
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
    if (password === undefined) {
      if ((await this.users.count()) === 0) throw new Error('ADMIN_PASSWORD is required while no admin user exists');
      return;
    }
    await this.users.upsert({ username, password: await hashPassword(password) }, ['username']);
    this.logger.log(`admin account "${username}" is ready`);
  }
}
