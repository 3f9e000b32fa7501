import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { AnalyticsModule } from './analytics/analytics.module.js';
import { AutoReplyModule } from './auto-reply/auto-reply.module.js';
import { AuthModule } from './auth/auth.module.js';
import { validateEnvironment } from './config/environment.js';
import { loggerOptions } from './config/logger-options.js';
import { ContactModule } from './intake/contact.module.js';
import { ContactsModule } from './inbox/contacts.module.js';
import { ErasureModule } from './erasure/erasure.module.js';
import { dataSourceOptions, requestDataSourceOptions } from './database/data-source.js';
import { runMigrationsLocked } from './database/migrate.js';
import { HealthModule } from './health/health.module.js';
import { InvitationsModule } from './team/invitations.module.js';
import { LeadEmailsModule } from './lead-emails/lead-emails.module.js';
import { LeadsModule } from './leads/leads.module.js';
import { LiveEventsModule } from './live-events/live-events.module.js';
import { MailModule } from './mail/mail.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { RateLimitModule } from './rate-limit/rate-limit.module.js';
import { ResponseTimeModule } from './response-time/response-time.module.js';
import { ConversationModule } from './conversation/conversation.module.js';
import { BookingModule } from './booking/booking.module.js';
import { SheetsModule } from './sheets/sheets.module.js';
import { ShutdownModule } from './shutdown/shutdown.module.js';
import { UsersModule } from './team/users.module.js';
import { RoutingModule } from './routing/routing.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

@Module({})
export class AppModule {
  /**
   * The whole app for one environment (by default the process's): validated first, so a bad
   * value stops the start with a message naming the variable.
   */
  static forRoot(rawEnv: NodeJS.ProcessEnv = process.env): DynamicModule {
    const env = validateEnvironment(rawEnv);
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, ignoreEnvVars: true, load: [() => ({ ...env })] }),
        LoggerModule.forRoot(loggerOptions(env)),
        TypeOrmModule.forRootAsync({
          useFactory: () =>
            requestDataSourceOptions(env.DATABASE_URL, {
              acquireTimeoutMs: env.DATABASE_ACQUIRE_TIMEOUT_MS,
              statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
            }),
          // Migrations at start-up unless another step owns them (MIGRATE_ON_START), on a
          // connection without the request time limits (a migration or the wait for another
          // replica's may be long); the advisory lock lets replicas start together.
          dataSourceFactory: async (options) => {
            if (env.MIGRATE_ON_START) {
              const migrator = await new DataSource(dataSourceOptions(env.DATABASE_URL)).initialize();
              try {
                await runMigrationsLocked(migrator);
              } finally {
                await migrator.destroy();
              }
            }
            return new DataSource(options!).initialize();
          },
        }),
        ShutdownModule,
        MetricsModule,
        LeadsModule,
        RateLimitModule,
        // First of the modules with routes: Express tries the routes in the order they were
        // registered, so the public form's POST, the busiest route, matches without trying the others.
        ContactModule,
        AuthModule,
        UsersModule,
        RoutingModule,
        InvitationsModule,
        ContactsModule,
        AnalyticsModule,
        ErasureModule,
        HealthModule,
        LiveEventsModule,
        MailModule,
        AutoReplyModule,
        WebhooksModule,
        ResponseTimeModule,
        ConversationModule,
        LeadEmailsModule,
        BookingModule,
        // Last: the OpenAPI document lists its routes after the others' (and the checked-in API types in that order).
        SheetsModule,
      ],
    };
  }
}
