import { MESSAGES } from '../../api/messages.ts';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { ApiError } from './api-error.ts';

/** The `message` a client gets for any 5xx: what failed is in the log, under the request id in `details`. */
export const SERVER_FAILURE_MESSAGE = 'The server could not complete the request; its log has the details.';

/** errno codes meaning the disk (or the user's quota on it) is full: 507, and retrying later can succeed. */
export const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

export const isDiskFull = (error: unknown) =>
  DISK_FULL_CODES.has((error as NodeJS.ErrnoException | undefined)?.code ?? '');

/**
 * An error no handler turned into an answer: a full disk is 507, the database out of reach (a restart) 503 — both
 * may succeed when tried again —, anything else 500.
 */
export function serverFailure(error: unknown): ApiError {
  if (isDiskFull(error)) return new ApiError(507, 'storage_full', MESSAGES.storageFull);
  if (isDatabaseUnavailable(error))
    return new ApiError(503, 'database_unavailable', MESSAGES.databaseUnavailable);
  return new ApiError(500, 'server_error', MESSAGES.operationFailed);
}

/**
 * The body a client gets for a server-side failure: the spec's `user_message`, a fixed `message` (never an absolute
 * path, an errno or a raw system message, which often carry both), and `details.request_id`.
 */
export function serverFailureBody(failure: ApiError, requestId: string) {
  const body = failure.toBody();
  body.error.message = SERVER_FAILURE_MESSAGE;
  body.error.details = { ...body.error.details, request_id: requestId };
  return body;
}
