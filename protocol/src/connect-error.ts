import * as z from 'zod/v4/mini';
import './zod-config.ts';

/** The public error body `{error:{code, internal_message, user_message}}` (connect-bridge.md §3, §8). */
export const connectErrorBody = z.object({
  error: z.object({
    code: z.number(),
    internal_message: z.string(),
    user_message: z.string(),
  }),
});
export type ConnectErrorBody = z.infer<typeof connectErrorBody>;

export function connectError(code: number, internal_message: string, user_message: string): ConnectErrorBody {
  return { error: { code, internal_message, user_message } };
}

/** Code -1 with internal message 'Invalid request' is the spec's answer to a request it cannot read. */
export function invalidRequest(user_message: string): ConnectErrorBody {
  return connectError(-1, 'Invalid request', user_message);
}
