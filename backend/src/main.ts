import 'reflect-metadata';
import { ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { configureApp } from './app-setup.js';
import { AppModule } from './app.module.js';
import type { Environment } from './config/environment.js';

try {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(), { bodyParser: false, bufferLogs: true });
  configureApp(app);
  const port = app.get<ConfigService<Environment, true>>(ConfigService).get('PORT', { infer: true });
  await app.listen(port, '0.0.0.0');
} catch (error) {
  // A bad environment or an unreachable database: say why in one line and stop.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
