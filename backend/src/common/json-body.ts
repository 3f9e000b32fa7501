import type { ErrorRequestHandler, RequestHandler } from 'express';
import express from 'express';

const BODY_LIMIT = '16kb';

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

function problem(statusCode: number, error: string, message: string) {
  return { statusCode, error, message };
}

/** 415 for a body that is not JSON (an empty body is left to the validation rules). */
const requireJson: RequestHandler = (req, res, next) => {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (WITH_BODY.has(req.method) && hasBody && !req.is('application/json')) {
    res.status(415).json(problem(415, 'Unsupported Media Type', 'Content-Type must be application/json'));
    return;
  }
  next();
};

/** A JSON array or scalar is no form: the API takes objects only. */
const requireObject: RequestHandler = (req, res, next) => {
  if (req.body !== undefined && (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body))) {
    res.status(400).json(problem(400, 'Bad Request', 'request body must be a JSON object'));
    return;
  }
  next();
};

/** body-parser's errors answered in the API's JSON error shape instead of Express's HTML page. */
const bodyErrors: ErrorRequestHandler = (error: { type?: string }, _req, res, next) => {
  switch (error.type) {
    case 'entity.too.large':
      res.status(413).json(problem(413, 'Payload Too Large', 'request body must be at most 16 KiB'));
      return;
    case 'entity.parse.failed':
      res.status(400).json(problem(400, 'Bad Request', 'request body is not valid JSON'));
      return;
    case 'encoding.unsupported':
    case 'charset.unsupported':
      res.status(415).json(problem(415, 'Unsupported Media Type', 'request body must be UTF-8 JSON'));
      return;
    default:
      next(error);
  }
};

/** The JSON body parser of the API with its limits, in place of Nest's default one. */
export function jsonBody(): Array<RequestHandler | ErrorRequestHandler> {
  return [requireJson, express.json({ limit: BODY_LIMIT, strict: false }), bodyErrors, requireObject];
}
