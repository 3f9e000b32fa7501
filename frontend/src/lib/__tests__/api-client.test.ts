import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, fetchQueryKey, queryKeyToUrl } from '../api-client';

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
    await apiRequest('/api/contact', { method: 'POST', body: { name: 'Ada' } });
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
    await apiRequest('/api/auth/logout', { method: 'POST' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it("fails with '<status>: <message>' for the API's JSON error, a list joined with '; '", async () => {
    const body = '{"statusCode":400,"error":"Bad Request","message":["Please enter a valid email address","Name too short"]}';
    stubFetch(new Response(body, { status: 400, statusText: 'Bad Request' }));
    const error = await apiRequest('/api/contact', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: Please enter a valid email address; Name too short');
    expect((error as ApiError).status).toBe(400);
  });

  it('fails with the message of a JSON error whose message is one string', async () => {
    stubFetch(new Response('{"statusCode":429,"error":"Too Many Requests","message":"Too many submissions."}', { status: 429 }));
    await expect(apiRequest('/api/contact')).rejects.toThrow(/^429: Too many submissions\.$/);
  });

  it('fails with any other body as it is', async () => {
    stubFetch(new Response('<h1>Bad Gateway</h1>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiRequest('/api/x')).rejects.toThrow(/^502: <h1>Bad Gateway<\/h1>$/);
  });

  it('fails with "<status>: <status text>" when the body is empty', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('/api/x')).rejects.toThrow(/^503: Service Unavailable$/);
  });
});

describe('apiRequest, many in one task', () => {
  it("sends the first two of a task at once, and the others from timers' tasks", async () => {
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>((input) => {
        sent.push(input as string);
        return Promise.resolve(new Response('{}'));
      }),
    );
    const all = ['/a', '/b', '/c', '/d'].map((path) => apiRequest(path));
    // The task's own promises run: the first two are sent, the others wait for timers.
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(sent).toEqual(['/a', '/b']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual(['/a', '/b', '/c', '/d']);
    await Promise.all(all);
    // A later task's first request goes at once again.
    void apiRequest('/e');
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(sent.at(-1)).toBe('/e');
  });
});

describe('queryKeyToUrl', () => {
  it('joins the key parts with a slash', () => {
    expect(queryKeyToUrl(['/api/admin', 'contacts'])).toBe('/api/admin/contacts');
    expect(queryKeyToUrl(['/api/auth/me'])).toBe('/api/auth/me');
  });

  it('turns an object in the key into the query string', () => {
    expect(queryKeyToUrl(['/api/admin', 'analytics', { tz: 'Europe/Berlin' }])).toBe('/api/admin/analytics?tz=Europe%2FBerlin');
  });
});

describe('fetchQueryKey', () => {
  const context = (queryKey: readonly unknown[]) =>
    ({ queryKey, signal: new AbortController().signal, meta: undefined }) as never;

  it('parses the JSON answer of the key URL, with credentials', async () => {
    const fetchMock = stubFetch(new Response('{"total":1}', { status: 200 }));
    await expect(fetchQueryKey(context(['/api/admin', 'analytics']))).resolves.toEqual({ total: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/analytics', expect.objectContaining({ credentials: 'include' }));
  });

  it('fails on 401', async () => {
    stubFetch(new Response('{"statusCode":401,"message":"Unauthorized"}', { status: 401 }));
    await expect(fetchQueryKey(context(['/api/admin', 'contacts']))).rejects.toThrow('401: Unauthorized');
  });
});
