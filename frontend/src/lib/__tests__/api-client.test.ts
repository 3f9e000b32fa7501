import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, getQueryFn, queryKeyToUrl } from '../api-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends JSON with credentials and a JSON content type', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 201 }));
    await apiRequest('POST', '/api/contact', { name: 'Ada' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/contact',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: JSON.stringify({ name: 'Ada' }),
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });

  it('sends no body and no content type without data, still with credentials', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await apiRequest('POST', '/api/auth/logout');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('fails with "<status>: <body text>"', async () => {
    const body = '{"statusCode":400,"error":"Bad Request","message":["Please enter a valid email address"]}';
    stubFetch(new Response(body, { status: 400, statusText: 'Bad Request' }));
    const error = await apiRequest('POST', '/api/contact', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`400: ${body}`);
    expect((error as ApiError).status).toBe(400);
  });

  it('fails with "<status>: <status text>" when the body is empty', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow(/^503: Service Unavailable$/);
  });
});

describe('queryKeyToUrl', () => {
  it('joins the key parts with a slash', () => {
    expect(queryKeyToUrl(['/api', 'admin', 'contacts'])).toBe('/api/admin/contacts');
    expect(queryKeyToUrl(['/api/admin/contacts'])).toBe('/api/admin/contacts');
  });

  it('turns a trailing object into the query string', () => {
    expect(queryKeyToUrl(['/api/admin/analytics', { tz: 'Europe/Berlin' }])).toBe('/api/admin/analytics?tz=Europe%2FBerlin');
  });
});

describe('getQueryFn', () => {
  const context = (queryKey: readonly unknown[]) =>
    ({ queryKey, signal: new AbortController().signal, meta: undefined }) as never;

  it('parses the JSON answer of the key URL, with credentials', async () => {
    const fetchMock = stubFetch(new Response('{"id":"1","username":"admin"}', { status: 200 }));
    const result = await getQueryFn({ on401: 'throw' })(context(['/api/auth/me']));
    expect(result).toEqual({ id: '1', username: 'admin' });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/me', expect.objectContaining({ credentials: 'include' }));
  });

  it('yields null on 401 when asked to', async () => {
    stubFetch(new Response('{"statusCode":401}', { status: 401 }));
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/auth/me']))).resolves.toBeNull();
  });

  it('fails on 401 by default', async () => {
    stubFetch(new Response('{"statusCode":401}', { status: 401, statusText: 'Unauthorized' }));
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/admin/contacts']))).rejects.toThrow('401: {"statusCode":401}');
  });
});
