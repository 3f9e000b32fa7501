import type { NextFunction, Request, Response } from 'express';
import type { Metrics } from './metrics.service.js';

/** The label of a request that matched no route (a 404, or one refused before routing). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The matched route's template (`/api/admin/contacts/:id`), never the path the client sent:
 * an id or a query string in a label would be personal data and a new series per request.
 */
export function routeTemplate(req: Request): string {
  const path: unknown = (req.route as { path?: unknown } | undefined)?.path;
  // Nest answers an unknown path under /api from a catch-all route (`/api*path`): no route either.
  if (typeof path !== 'string' || path.includes('*')) return UNMATCHED_ROUTE;
  return `${req.baseUrl}${path}`;
}

/**
 * Times every API request from its first middleware to the end of its answer, and records it
 * once the answer is sent, when Express has matched the route. A middleware rather than a Nest
 * interceptor: it also counts what guards, pipes, filters and earlier middleware answer
 * (401, 403, 400, 404). A request whose client left before the answer is not counted.
 */
export function httpMetrics(metrics: Metrics) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const end = metrics.httpDuration.startTimer();
    res.once('finish', () => end({ method: req.method, route: routeTemplate(req), status_code: res.statusCode }));
    next();
  };
}
