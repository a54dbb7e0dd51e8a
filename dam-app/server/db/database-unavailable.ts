/** SQLSTATE classes and codes that mean the database itself is gone for now, not that the query was wrong. */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: the server is stopping (a restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '08000', // connection_exception
  '08001', // could not establish the connection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
]);
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);
/** node-postgres words its own dropped-connection errors without a code. */
const UNAVAILABLE_TEXT =
  /^Connection terminated|^Client has encountered a connection error|^Client was closed/;

/**
 * Is this error the database being out of reach (stopped, restarting, its connections dropped)? Such a request may
 * succeed if tried again shortly: it answers 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const found = error as { code?: unknown; message?: unknown; errors?: unknown } | undefined;
  if (!found || typeof found !== 'object') return false;
  if (
    typeof found.code === 'string' &&
    (UNAVAILABLE_STATES.has(found.code) || UNAVAILABLE_ERRNOS.has(found.code))
  )
    return true;
  if (typeof found.message === 'string' && UNAVAILABLE_TEXT.test(found.message)) return true;
  // A refused connection to every address of a host is an AggregateError of refusals.
  return Array.isArray(found.errors) && found.errors.length > 0 && found.errors.every(isDatabaseUnavailable);
}
