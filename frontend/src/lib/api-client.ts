import type { QueryFunctionContext, QueryKey } from '@tanstack/react-query';

/**
 * A non-successful HTTP answer. Its message is `<status>: <body text>`: the `message` of
 * the API's JSON error (a list joined with '; '), any other body as it is, or the status
 * text when the body is empty.
 */
export class ApiError extends Error {
  readonly status: number;
  /** `Retry-After` in seconds (a 429's or 503's), when the answer has one. */
  readonly retryAfter: number | null;
  /** The answer's body as it came (a 412's is the lead as it is now). */
  readonly body: string;

  constructor(status: number, text: string, retryAfter: number | null = null, body = '') {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.retryAfter = retryAfter;
    this.body = body;
  }
}

/** `Retry-After` as seconds: its delay-seconds form, or its HTTP date from now (null when absent or unreadable). */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

function errorText(body: string): string {
  try {
    const { message } = JSON.parse(body) as { message?: unknown };
    if (typeof message === 'string') return message;
    if (Array.isArray(message) && message.every((item) => typeof item === 'string')) return message.join('; ');
  } catch {
    // Not JSON: shown as it is.
  }
  return body;
}

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** Requests that go at once in one task; each one after them waits for a task of its own. */
const AT_ONCE_PER_TASK = 2;
let sentThisTask = 0;

/**
 * Resolves at once for the first AT_ONCE_PER_TASK requests of a task, in a task of its own
 * (a timer's) for each one after them. A page's queries start together (the dashboard's six
 * as its first screen mounts), and each fetch() costs the page's thread a few milliseconds
 * (more with DevTools open, as under Lighthouse): together they were one long task on a
 * phone. Two go at once, as a click that opens a lead asks for the lead and its thread.
 */
async function turnToSend(): Promise<void> {
  if (sentThisTask === 0) queueMicrotask(() => (sentThisTask = 0));
  sentThisTask += 1;
  if (sentThisTask > AT_ONCE_PER_TASK) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** The one fetch path: credentials always included; a non-successful answer throws an ApiError. */
export async function apiRequest(
  path: string,
  { method = 'GET', body, signal, headers = {} }: ApiRequestOptions = {},
): Promise<Response> {
  const hasBody = body !== undefined;
  await turnToSend();
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: {
      ...(hasBody ? { Accept: 'application/json', 'Content-Type': 'application/json' } : { Accept: 'application/json' }),
      ...headers,
    },
    body: hasBody ? JSON.stringify(body) : undefined,
    signal,
  });
  if (!res.ok) {
    const text = await res.text();
    const retryAfter = retryAfterSeconds(res.headers.get('Retry-After'));
    throw new ApiError(res.status, text ? errorText(text) : res.statusText, retryAfter, text);
  }
  return res;
}

function keyPartToString(part: unknown): string {
  return typeof part === 'string' ? part : JSON.stringify(part);
}

/**
 * A query's URL is its key's parts joined with '/'; a plain object in the key becomes the
 * query string (`['/api/admin', 'analytics', { tz: 'UTC' }]` → `/api/admin/analytics?tz=UTC`).
 */
export function queryKeyToUrl(queryKey: QueryKey): string {
  const parts: string[] = [];
  const params = new URLSearchParams();
  for (const part of queryKey) {
    if (part !== null && typeof part === 'object') {
      for (const [name, value] of Object.entries(part)) {
        if (value !== undefined && value !== null) params.append(name, keyPartToString(value));
      }
    } else if (part !== undefined && part !== null) {
      parts.push(keyPartToString(part));
    }
  }
  const search = params.toString();
  return parts.join('/') + (search ? `?${search}` : '');
}

/** The default query function: GET the key's URL and parse the JSON answer. */
export async function fetchQueryKey({ queryKey, signal }: QueryFunctionContext): Promise<unknown> {
  return (await apiRequest(queryKeyToUrl(queryKey), { signal })).json();
}
