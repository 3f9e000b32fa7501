import 'reflect-metadata';
import { ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { configureApp } from './app-setup.js';
import { AppModule } from './app.module.js';
import type { Environment } from './config/environment.js';

try {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(), {
    bodyParser: false,
    bufferLogs: true,
    // A failed start reaches the catch below rather than exiting inside Nest.
    abortOnError: false,
  });
  configureApp(app);
  const config = app.get<ConfigService<Environment, true>>(ConfigService);
  await app.listen(config.get('PORT', { infer: true }), config.get('HOST', { infer: true }));
} catch (error) {
  // A bad environment or an unreachable database: say why in one JSON line and stop.
  console.error(
    JSON.stringify({ level: 60, msg: 'start-up failed', error: error instanceof Error ? error.message : String(error) }),
  );
  process.exit(1);
}
