import * as z from 'zod/v4/mini';
import './zod-config.ts';

/** A Drive account: a server the user configured, whose files can be checked out (connect-bridge.md §3, §7). */
export const driveAccount = z.object({
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  name: z.string().check(z.minLength(1)),
  url: z.string().check(z.minLength(1)),
});
export type DriveAccount = z.infer<typeof driveAccount>;

export const fileLock = z.object({
  file_id: z.string(),
  created_at: z.string(),
  created_by_id: z.string(),
  created_by_type: z.string(),
  tags: z.record(z.string(), z.unknown()),
});
export type FileLock = z.infer<typeof fileLock>;

/** A checked-out file: the server's lock plus the local copy in the sync folder. */
export const driveCheckout = z.object({
  checkout_id: z.string(),
  account_id: z.string(),
  filelock: fileLock,
  name: z.string(),
  path: z.string(),
});
export type DriveCheckout = z.infer<typeof driveCheckout>;

/** `POST /checkouts`: each item is `/<account id>/<file id>`. */
export const checkoutRequest = z.looseObject({
  id_path: z
    .array(z.string().check(z.regex(/^\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_.-]{1,128}$/)))
    .check(z.minLength(1)),
});

/** `DELETE /checkouts` (check in) and `REVERT /checkouts` (discard). */
export const checkoutIdsRequest = z.looseObject({ checkout_ids: z.array(z.string()).check(z.minLength(1)) });
