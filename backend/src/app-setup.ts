import { BadRequestException, type INestApplication, ValidationPipe, type ValidationError } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ConfigService } from '@nestjs/config';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { jsonBody } from './common/json-body.js';
import { ApiErrorsFilter } from './errors/api-errors.filter.js';
import { httpMetrics } from './metrics/http-metrics.middleware.js';
import { Metrics } from './metrics/metrics.service.js';
import { connectionCloseWhileDraining } from './shutdown/graceful-shutdown.js';
import { ShutdownState } from './shutdown/shutdown-state.js';
import { sameOriginOnly } from './common/same-origin.js';
import type { Environment } from './config/environment.js';

function messages(errors: ValidationError[]): string[] {
  const all = errors.flatMap((error) => [...Object.values(error.constraints ?? {}), ...messages(error.children ?? [])]);
  return [...new Set(all)];
}

const DOCS_PATH = '/api/docs';

/** The headers a helmet middleware sets, captured once (they are the same for every request). */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return [...headers];
}

/**
 * helmet's headers on every answer, computed at start-up rather than per request. JSON
 * answers get a CSP that allows nothing at all; the OpenAPI UI gets one that lets it load
 * its own scripts and styles.
 */
function securityHeaders() {
  const api = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  });
  const docs = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
      },
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of req.path.startsWith(DOCS_PATH) ? docs : api) res.setHeader(name, value);
    next();
  };
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
  // No client revalidates an API answer (the SPA's queries fetch afresh), so an ETag would
  // be a hash of every body for nothing.
  app.set('etag', false);
  // First, so that a request's time includes every middleware, and answers before routing count.
  app.use(httpMetrics(app.get(Metrics)));
  app.use(securityHeaders());
  app.use(sameOriginOnly);
  app.use(connectionCloseWhileDraining(app.get(ShutdownState)));
  app.use(...jsonBody());
  app.useGlobalFilters(new ApiErrorsFilter());
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
  return app;
}
