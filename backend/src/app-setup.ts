import { BadRequestException, type INestApplication, ValidationPipe, type ValidationError } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ConfigService } from '@nestjs/config';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { jsonBody } from './common/json-body.js';
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

/** The OpenAPI document, from the controllers and DTOs; also the source of the frontend's API types. */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  return SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('Lead capture API').setVersion('1.0').build());
}

/** Everything the running app and the tests' app share, beyond the module graph. */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  const config = app.get<ConfigService<Environment, true>>(ConfigService);
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix('api');
  app.set('trust proxy', config.get('TRUST_PROXY', { infer: true }));
  app.disable('x-powered-by');
  app.use(securityHeaders());
  app.use(...jsonBody());
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      // Every failed rule's message, each once (a field's rules share one message, so it shows once).
      exceptionFactory: (errors) => new BadRequestException(messages(errors)),
    }),
  );
  SwaggerModule.setup(DOCS_PATH.slice(1), app, () => createOpenApiDocument(app));
  app.enableShutdownHooks();
  return app;
}
