import { z } from 'zod';

export const nodeCredentialsRequestSchema = z.strictObject({
  /** The transfer's cookie (spec §3), as the pre-transfer handler made it. */
  cookie: z
    .string()
    .min(1)
    .max(64 * 1024),
  /** The node the transfer went to (one of the DAM's nodes). */
  nodeUrl: z.url(),
});

/** Spec §7 NodeCredentials: what the page sends as `Authorization` to poll the node for this transfer. */
export const nodeCredentialsSchema = z
  .object({ nodeUrl: z.string(), authorization: z.string(), expiresAt: z.iso.datetime() })
  .meta({ id: 'NodeCredentials' });
