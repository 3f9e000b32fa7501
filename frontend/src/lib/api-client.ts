import type { QueryFunction, QueryKey } from '@tanstack/react-query';

/**
 * A non-successful HTTP answer. Its message is spec §8's format: the status code, a colon
 * and a space, then the body text (or the status text when the body is empty).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = await res.text();
  throw new ApiError(res.status, res.statusText, body);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one request helper: credentials always included; a body is sent as JSON with a JSON
 * content type; a non-successful answer throws an ApiError.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  data?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const hasBody = data !== undefined;
  const json: Record<string, string> = hasBody ? { 'Content-Type': 'application/json' } : {};
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: { ...json, Accept: 'application/json', ...extraHeaders },
    body: hasBody ? JSON.stringify(data) : undefined,
  });
  await throwIfNotOk(res);
  return res;
}

/**
 * Spec §7: a query's URL is its key's parts joined with '/'. A trailing plain object in
 * the key becomes the query string (`['/api/x', { tz: 'UTC' }]` → `/api/x?tz=UTC`).
 */
function keyPartToString(part: unknown): string {
  return typeof part === 'string' ? part : JSON.stringify(part);
}

export function queryKeyToUrl(queryKey: QueryKey): string {
  const parts: string[] = [];
  const params = new URLSearchParams();
  for (const part of queryKey) {
    if (part !== null && typeof part === 'object') {
      for (const [name, value] of Object.entries(part as Record<string, unknown>)) {
        if (value !== undefined && value !== null) params.append(name, keyPartToString(value));
      }
    } else if (part !== undefined && part !== null) {
      parts.push(keyPartToString(part));
    }
  }
  const search = params.toString();
  return parts.join('/') + (search ? `?${search}` : '');
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The query function of spec §7: GET the key's URL, parse JSON; optionally null on 401. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKeyToUrl(queryKey), {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}
