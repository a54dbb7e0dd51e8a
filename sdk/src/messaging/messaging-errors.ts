/** The messaging client's error codes (connect-bridge.md §8). */
export const MESSAGING_ERRORS = {
  0: 'success',
  1: 'topic URI does not meet requirements',
  2: 'server lacks broker role',
  3: 'no required callback',
  4: 'invalid parameters',
  6: 'server chose an unavailable serializer',
  7: 'unsubscribe from a non-existent subscription',
  12: 'server lacks dealer role',
  15: 'RPC already registered',
  17: 'unregistration for a non-existent RPC',
  19: 'invocation for a non-existent RPC',
  20: 'no RPC call with that request ID',
  21: 'no realm specified',
  22: 'no websocket or bad URL',
  23: 'no challenge callback or authid',
  24: 'exception during challenge processing',
} as const;

export type MessagingErrorCode = keyof typeof MESSAGING_ERRORS;

/** A messaging failure with its catalogue code; `message` is the catalogue's meaning. */
export class MessagingError extends Error {
  override readonly name = 'MessagingError';

  constructor(
    readonly code: Exclude<MessagingErrorCode, 0>,
    readonly detail?: unknown,
  ) {
    super(MESSAGING_ERRORS[code]);
  }
}
