/**
 * The public error body `{error:{code, internal_message, user_message}}` (connect-bridge.md §3, §8) and its builders,
 * free of zod so the script-tag SDK can build errors without carrying a schema library.
 */
export interface ConnectErrorBody {
  error: { code: number; internal_message: string; user_message: string };
}

export function connectError(code: number, internal_message: string, user_message: string): ConnectErrorBody {
  return { error: { code, internal_message, user_message } };
}

/** Code -1 with internal message 'Invalid request' is the spec's answer to a request it cannot read. */
export function invalidRequest(user_message: string): ConnectErrorBody {
  return connectError(-1, 'Invalid request', user_message);
}
