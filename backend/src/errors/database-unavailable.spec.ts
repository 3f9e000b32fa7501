import { describe, expect, it } from '@jest/globals';
import { isDatabaseUnavailable } from './database-unavailable.js';

describe('isDatabaseUnavailable', () => {
  const withCode = (code: string) => Object.assign(new Error('x'), { code });

  it.each([
    ['connection refused', withCode('ECONNREFUSED')],
    ['connection reset', withCode('ECONNRESET')],
    ['admin shutdown', withCode('57P01')],
    ['statement timeout', withCode('57014')],
    ['too many connections', withCode('53300')],
    ['starting up', withCode('57P03')],
    ['pool acquire timeout', new Error('timeout exceeded when trying to connect')],
    ['client-side query timeout', new Error('Query read timeout')],
    ['connection ended under a query', new Error('Connection terminated unexpectedly')],
    ['a TypeORM-wrapped driver error', Object.assign(new Error('query failed'), { driverError: withCode('57P01') })],
    ['a released transaction', Object.assign(new Error('released'), { name: 'QueryRunnerAlreadyReleasedError' })],
    ['several addresses refused', new AggregateError([withCode('ECONNREFUSED')], 'all failed')],
  ])('%s: yes', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a NUL byte refused', withCode('22021')],
    ['a bug', new TypeError('x is undefined')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s: no', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
