import { randomUUID } from 'node:crypto';

/** The header every API answer carries: the id under which the server's log has this request's line and errors. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

const ids = new WeakMap<object, string>();

/** A fresh id for one request (never the client's own: a log entry must not be forgeable into another's). */
export function assignRequestId(request: object): string {
  const id = randomUUID();
  ids.set(request, id);
  return id;
}

export function requestIdOf(request: object): string | undefined {
  return ids.get(request);
}

/** A request rebuilt around another body (a counted stream) keeps the id of the one it replaces. */
export function carryRequestId(from: object, to: object): void {
  const id = ids.get(from);
  if (id !== undefined) ids.set(to, id);
}
