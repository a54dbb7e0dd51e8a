import { apiErrorSchema } from '../../../api/errors.ts';
import { MESSAGES } from '../../../api/messages.ts';

/** A failed API call, as a person is told about it: the server's `user_message`, and its message per field. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly userMessage: string,
    readonly fields: Record<string, string> = {},
    readonly details: Record<string, unknown> = {},
  ) {
    super(userMessage);
    this.name = 'ApiFailure';
  }
}

/** No answer at all (offline, server down): R-CONNECTION-LOST "Cannot connect to remote server". */
export const NETWORK_CODE = 'network';

/**
 * The failure an answer stands for. A body in the API's error shape gives its code, `user_message`, fields and
 * details; anything else (a proxy's HTML page, an empty body) is "Operation failed on server." with the status.
 */
export function failureFromAnswer(status: number, body: unknown): ApiFailure {
  const parsed = apiErrorSchema.safeParse(body);
  if (!parsed.success) return new ApiFailure(status, 'server_error', MESSAGES.operationFailed);
  const { code, user_message, fields, details } = parsed.data.error;
  return new ApiFailure(status, code, user_message, fields ?? {}, details ?? {});
}

/** Whatever a call threw, as an ApiFailure (a fetch that never got an answer is the network failure). */
export function toFailure(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  if (error instanceof Error && error.name === 'AbortError')
    return new ApiFailure(0, 'aborted', error.message);
  return new ApiFailure(0, NETWORK_CODE, MESSAGES.operationFailed);
}
