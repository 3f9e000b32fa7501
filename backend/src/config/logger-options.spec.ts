import { describe, expect, it } from '@jest/globals';
import { validateEnvironment } from './environment.js';
import { loggerOptions } from './logger-options.js';

describe(loggerOptions.name, () => {
  const sut = loggerOptions(validateEnvironment({ DATABASE_URL: 'postgres://localhost/app' }));
  const serializers = (sut.pinoHttp as { serializers: Record<string, (value: unknown) => unknown> }).serializers;

  it('logs a request as its method, path and id: no headers, no query string', () => {
    const req = { id: 'abc', method: 'GET', url: '/api/admin/contacts?q=ada@example.com', headers: { cookie: 'sid=secret' } };

    expect(serializers.req(req)).toEqual({ id: 'abc', method: 'GET', path: '/api/admin/contacts' });
  });

  it('logs a response as its status code only', () => {
    expect(serializers.res({ statusCode: 201, headers: { 'set-cookie': 'sid=secret' } })).toEqual({ statusCode: 201 });
  });
});
