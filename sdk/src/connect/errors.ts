import { invalidRequest } from '@rapid/protocol';
import type { ConnectError } from '../core/types.ts';

/** Thrown for a bad argument, as the Connect SDK does: an `Error` whose `name` is `ValidationError`. */
export class ValidationError extends Error {
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
