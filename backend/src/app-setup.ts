import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ConfigService } from '@nestjs/config';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { jsonBody } from './common/json-body.js';
import { sameOriginOnly } from './common/same-origin.js';
import type { Environment } from './config/environment.js';

function messages(errors: ValidationError[]): string[] {
  const all = errors.flatMap((error) => [...Object.values(error.constraints ?? {}), ...messages(error.children ?? [])]);
  return [...new Set(all)];
}

const DOCS_PATH = '/api/docs';

/**
 * helmet's headers on every answer. JSON answers get a CSP that allows nothing at all; the
 * OpenAPI UI gets one that lets it load its own scripts and styles.
 */
function securityHeaders() {
  const api = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  });
  const docs = helmet({
    contentSecurityPolicy: {
      directives: {
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
      },
    },
  });
  return (req: Request, res: Response, next: NextFunction) => (req.path.startsWith(DOCS_PATH) ? docs : api)(req, res, next);
}

/** Everything the running app and the tests' app share, beyond the module graph. */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  const config = app.get<ConfigService<Environment, true>>(ConfigService);
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix('api');
  app.set('trust proxy', config.get('TRUST_PROXY', { infer: true }));
  app.disable('x-powered-by');
  app.use(securityHeaders());
  app.use(sameOriginOnly);
  app.use(...jsonBody());
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      // Every failed rule's message, each once (spec §5 gives one message per field).
      exceptionFactory: (errors) => new BadRequestException(messages(errors)),
    }),
  );
  const openApi = new DocumentBuilder().setTitle('Lead capture API').setVersion('1.0').build();
  SwaggerModule.setup(DOCS_PATH.slice(1), app, () => SwaggerModule.createDocument(app, openApi));
  app.enableShutdownHooks();
  return app;
}
