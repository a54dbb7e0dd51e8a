import * as z from 'zod/v4/mini';
import './zod-config.ts';
import type { ConnectErrorBody } from './error-body.ts';

/** The schema of the public error body (connect-bridge.md §3, §8); the type and builders are in `error-body.ts`. */
export const connectErrorBody = z.object({
  error: z.object({
    code: z.number(),
    internal_message: z.string(),
    user_message: z.string(),
  }),
});

// The zod-free interface and the schema describe the same shape: this fails to compile when they drift apart.
type Assert<T extends true> = T;
export type ConnectErrorBodyMatchesSchema = Assert<
  [ConnectErrorBody, z.infer<typeof connectErrorBody>] extends [
    z.infer<typeof connectErrorBody>,
    ConnectErrorBody,
  ]
    ? true
    : false
>;
