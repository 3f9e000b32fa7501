import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { SignInRecordDto } from './dto/session.dto.js';
import { SignIn } from './sign-in.entity.js';

/** How many sign-ins `GET /api/auth/sign-ins` shows. */
export const SIGN_INS_SHOWN = 50;

/** The sign-in record of each account: every attempt with its right username, and where it came from. */
@Injectable()
export class SignInsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async record(
    userId: string,
    ip: string,
    userAgent: string,
    success: boolean,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.insert(SignIn, { userId, ip, userAgent, success });
  }

  async recent(userId: string): Promise<SignInRecordDto[]> {
    const rows = await this.dataSource.manager.find(SignIn, {
      where: { userId },
      order: { at: 'DESC', id: 'DESC' },
      take: SIGN_INS_SHOWN,
    });
    return rows.map(({ at, ip, userAgent, success }) => ({ at: at.toISOString(), ip, userAgent, success }));
  }
}
