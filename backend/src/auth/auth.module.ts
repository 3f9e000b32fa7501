import { type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { MailModule } from '../mail/mail.module.js';
import { User } from '../identity/user.entity.js';
import { AdminAccountService } from './admin-account.service.js';
import { AuthController } from './auth.controller.js';
import { EmailChangeController } from './email-change.controller.js';
import { EmailChangeService } from './email-change.service.js';
import { PasswordResetController } from './password-reset.controller.js';
import { PasswordResetService } from './password-reset.service.js';
import { Clock } from '../common/clock.js';
import { AuthService } from './auth.service.js';
import { AccessGuard } from '../identity/access.guard.js';
import { AccountService } from './account.service.js';
import { SessionMiddleware } from './session.middleware.js';
import { SessionsController } from './sessions.controller.js';
import { SessionsService } from './sessions.service.js';
import { SignInsService } from './sign-ins.service.js';
import { TwoFactorController } from './two-factor.controller.js';
import { TwoFactorService } from './two-factor.service.js';
import { DeliveriesModule } from '../deliveries/deliveries.module.js';

@Module({
  imports: [TypeOrmModule.forFeature([User]), AuditModule, MailModule, DeliveriesModule],
  controllers: [AuthController, PasswordResetController, SessionsController, TwoFactorController, EmailChangeController],
  providers: [
    AuthService,
    AccountService,
    AdminAccountService,
    PasswordResetService,
    EmailChangeService,
    Clock,
    SessionMiddleware,
    SessionsService,
    SignInsService,
    TwoFactorService,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
})
export class AuthModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Only the routes that read a session pay for one: the public form and health checks don't.
    consumer.apply(SessionMiddleware).forRoutes('auth/{*path}', 'admin/{*path}');
  }
}
