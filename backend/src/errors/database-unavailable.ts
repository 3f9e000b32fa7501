/**
 * Whether an error means the database cannot serve right now (down, restarting, overloaded
 * or too slow), as opposed to a bug: those answer 503 with Retry-After, never 500.
 */

// Network errors of the connection; PostgreSQL's classes 08 (connection), 53 (insufficient
// resources: 53300 too many connections) and 57 (operator intervention: 57014 statement
// timeout, 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now); 55P03
// lock not available (lock_timeout); 40001/40P01 serialization failure and deadlock.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const SQLSTATE = /^(08|53|57)[0-9A-Z]{3}$|^55P03$|^40001$|^40P01$/;

// node-postgres says these in words, without a code: the pool's acquire timeout, its
// client-side query timeout, and a connection that ended under a query.
const MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'connection timeout',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

// TypeORM's errors for a transaction whose connection died under it (it releases the
// connection, and the transaction's next query finds it gone).
const RELEASED = new Set(['QueryRunnerAlreadyReleasedError', 'QueryRunnerProviderAlreadyReleasedError']);

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, message, name, driverError, cause } = error as {
    code?: unknown;
    message?: unknown;
    name?: unknown;
    driverError?: unknown;
    cause?: unknown;
  };
  if (typeof name === 'string' && RELEASED.has(name)) return true;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
  if (typeof message === 'string' && MESSAGES.some((text) => message.includes(text))) return true;
  // TypeORM wraps the driver's error; AggregateError (several addresses) lists them.
  const errors = (error as { errors?: unknown }).errors;
  return (
    isDatabaseUnavailable(driverError, depth + 1) ||
    isDatabaseUnavailable(cause, depth + 1) ||
    (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
  );
}
