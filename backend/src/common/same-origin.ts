import type { Request, RequestHandler } from 'express';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The origin this request was sent to, as the browser saw it (scheme from the trusted proxy):
 * only for comparing with its Origin below. Never a link's origin: links come from PUBLIC_URL.
 */
export function ourOrigin(req: Request): string {
  return `${req.protocol}://${req.headers.host ?? ''}`;
}

/** Whether a browser sent this request from a page of another origin. */
function isForeign(req: Request): boolean {
  const origin = req.headers.origin;
  // `Origin: null` (sandboxed frames, local files) is foreign too.
  if (origin !== undefined) return origin.toLowerCase() !== ourOrigin(req).toLowerCase();
  // Some requests carry no Origin (older browsers, some navigations); the fetch metadata
  // still tells where they came from. Clients that send neither are not browsers.
  const site = req.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/**
 * Refuses state-changing requests from other origins (cross-site request forgery). The
 * session cookie's SameSite=Lax stops other sites but not other origins of the same site
 * (another subdomain), and a request without a body skips the JSON content-type check.
 */
export const sameOriginOnly: RequestHandler = (req, res, next) => {
  if (STATE_CHANGING.has(req.method) && isForeign(req)) {
    res.status(403).json({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Requests from another origin are refused: use this site itself',
    });
    return;
  }
  next();
};
