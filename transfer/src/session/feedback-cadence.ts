/** The receiver's feedback interval (PROTOCOL.md §2.3). */
export const FEEDBACK_MS = 50;
/**
 * A feedback goes every FEEDBACK_MS once at least this many datagrams have arrived since the last, else at most
 * FEEDBACK_MAX_MS apart: control traffic follows the data rate, not the number of sessions, so a node serving a
 * hundred slow sessions answers a few feedbacks per interval instead of a hundred.
 */
export const FEEDBACK_DATAGRAMS = 32;
export const FEEDBACK_MAX_MS = 200;
