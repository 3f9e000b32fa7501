import 'reflect-metadata';
import { ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { configureApp } from './app-setup.js';
import { AppModule } from './app.module.js';
import { loadMailParser } from './conversation/mime-parser.js';
import { drainOnSignals } from './shutdown/graceful-shutdown.js';
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
  drainOnSignals(app, config.get('SHUTDOWN_DELAY_MS', { infer: true }));
  await app.listen(config.get('PORT', { infer: true }), config.get('HOST', { infer: true }));
  // Idle keep-alive connections: nginx (upstream keepalive_timeout 4 s) closes them first,
  // so it never sends a request on a connection that the API is closing at that moment.
  app.getHttpServer().keepAliveTimeout = 10_000;
  // The MIME parser, once the port is open: the first inbound message does not wait for it.
  // A failure to load it shows at that message's parse.
  loadMailParser().catch(() => undefined);
} catch (error) {
  // A bad environment or an unreachable database: say why in one JSON line and stop.
  console.error(
    JSON.stringify({ level: 60, msg: 'start-up failed', error: error instanceof Error ? error.message : String(error) }),
  );
  process.exit(1);
}
