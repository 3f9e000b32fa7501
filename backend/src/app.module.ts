import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { AdminModule } from './admin/admin.module.js';
import { AuthModule } from './auth/auth.module.js';
import { validateEnvironment } from './config/environment.js';
import { loggerOptions } from './config/logger-options.js';
import { ContactModule } from './contact/contact.module.js';
import { dataSourceOptions } from './database/data-source.js';
import { runMigrationsLocked } from './database/migrate.js';
import { HealthModule } from './health/health.module.js';
import { RateLimitModule } from './rate-limit/rate-limit.module.js';

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
          useFactory: () => dataSourceOptions(env.DATABASE_URL),
          // Migrations at start-up unless another step owns them (MIGRATE_ON_START); the
          // advisory lock lets replicas start together.
          dataSourceFactory: async (options) => {
            const dataSource = await new DataSource(options!).initialize();
            if (env.MIGRATE_ON_START) await runMigrationsLocked(dataSource);
            return dataSource;
          },
        }),
        RateLimitModule,
        AuthModule,
        ContactModule,
        AdminModule,
        HealthModule,
      ],
    };
  }
}
