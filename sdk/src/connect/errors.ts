import { invalidRequest } from '@rapid/protocol';
import type { ConnectError } from '../core/types.ts';

/**
 * Thrown for a bad argument, as the Connect SDK does: an `Error` whose `name` is `ValidationError` and whose
 * `message` is the Connect 3.9/4.0 text (`Invalid transferSpec parameter`, …; the troubleshooting guide lists them).
 *
 * @example try { connect.startTransfer(null!); } catch (e) { if (e instanceof ValidationError) console.warn(e.message); }
 */
export class ValidationError extends Error {
  /** Always `'ValidationError'`. */
  override readonly name = 'ValidationError';
}

/** The returned (not thrown) error object: `{error:{code:-1, internal_message:'Invalid request', user_message}}`. */
export function errorObject(userMessage: string): ConnectError {
  return invalidRequest(userMessage);
}

/** "Missing" in the SDK's sense: `undefined`, `null` or `''`; `0` and `false` are values. */
export function isMissing(value: unknown): value is undefined | null | '' {
  return value === undefined || value === null || value === '';
}

export function requirePresent(value: unknown, message: string): void {
  if (isMissing(value)) throw new ValidationError(message);
}
