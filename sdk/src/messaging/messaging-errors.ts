/**
 * The messaging client's error codes (connect-bridge.md §8), each with its meaning (a {@link MessagingError}'s
 * `message`).
 *
 * @example MESSAGING_ERRORS[22]; // 'no websocket or bad URL'
 */
export const MESSAGING_ERRORS = {
  /** Code 0: success. */
  0: 'success',
  /** Code 1: topic URI does not meet requirements. */
  1: 'topic URI does not meet requirements',
  /** Code 2: server lacks broker role. */
  2: 'server lacks broker role',
  /** Code 3: no required callback. */
  3: 'no required callback',
  /** Code 4: invalid parameters. */
  4: 'invalid parameters',
  /** Code 6: server chose an unavailable serializer. */
  6: 'server chose an unavailable serializer',
  /** Code 7: unsubscribe from a non-existent subscription. */
  7: 'unsubscribe from a non-existent subscription',
  /** Code 12: server lacks dealer role. */
  12: 'server lacks dealer role',
  /** Code 15: RPC already registered. */
  15: 'RPC already registered',
  /** Code 17: unregistration for a non-existent RPC. */
  17: 'unregistration for a non-existent RPC',
  /** Code 19: invocation for a non-existent RPC. */
  19: 'invocation for a non-existent RPC',
  /** Code 20: no RPC call with that request ID. */
  20: 'no RPC call with that request ID',
  /** Code 21: no realm specified. */
  21: 'no realm specified',
  /** Code 22: no websocket or bad URL. */
  22: 'no websocket or bad URL',
  /** Code 23: no challenge callback or authid. */
  23: 'no challenge callback or authid',
  /** Code 24: exception during challenge processing. */
  24: 'exception during challenge processing',
} as const;

/**
 * One of {@link MESSAGING_ERRORS}' codes.
 *
 * @example const code: MessagingErrorCode = 22;
 */
export type MessagingErrorCode = keyof typeof MESSAGING_ERRORS;

/**
 * A messaging failure with its catalogue code; `message` is the catalogue's meaning.
 *
 * @example client.open().catch((e) => e instanceof MessagingError && e.code === 22 && usePolling());
 */
export class MessagingError extends Error {
  /** Always `'MessagingError'`. */
  override readonly name = 'MessagingError';

  /**
   * @param code the catalogue code, see {@link MESSAGING_ERRORS}
   * @param detail what failed (the topic, the host and port, the router's reason)
   * @example throw new MessagingError(1, 'Bad.Topic');
   */
  constructor(
    /** The catalogue code, see {@link MESSAGING_ERRORS}. */
    readonly code: Exclude<MessagingErrorCode, 0>,
    /** What failed (the topic, the host and port, the router's reason). */
    readonly detail?: unknown,
  ) {
    super(MESSAGING_ERRORS[code]);
  }
}
