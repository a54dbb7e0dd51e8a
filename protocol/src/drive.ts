import * as z from 'zod/v4/mini';
import './zod-config.ts';

/** A Drive account as pages see it: a server the user configured (connect-bridge.md §3, §7). */
export const publicDriveAccount = z.object({
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  name: z.string().check(z.minLength(1)),
  /** The Drive server's base URL: https, or http only on a loopback host. */
  url: z
    .url()
    .check(
      z.refine(
        (url) => /^https:/i.test(url) || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/i.test(url),
        'must be https (http only on a loopback host)',
      ),
    ),
});
export type PublicDriveAccount = z.infer<typeof publicDriveAccount>;

/** The stored account: the public part plus the bearer token the server issued (never shown to pages). */
export const driveAccount = z.extend(publicDriveAccount, {
  token: z.optional(z.string().check(z.minLength(1))),
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
