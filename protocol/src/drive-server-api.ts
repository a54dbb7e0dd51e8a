import * as z from 'zod/v4/mini';
import { fileLock } from './drive.ts';
import './zod-config.ts';

/**
 * The Drive server API: what the local client calls on an account's server (the DAM server implements it).
 * Paths are relative to the account's `url`; `{file}` is the file id; every call carries
 * `Authorization: Bearer <token>` when the account has one.
 *
 * - `POST {file}/lock` → 200 `driveLockReply`; 409 when someone else holds the lock.
 * - `GET {file}/content` → 200 the file's bytes (current version).
 * - `POST {file}/versions` with the bytes as `application/octet-stream` → 201 `driveVersionReply`; needs our lock.
 * - `DELETE {file}/lock` → 204; releasing a lock we no longer hold is not an error.
 *
 * Failures answer `driveServerFailure` with a message fit to show the user.
 */
export const DRIVE_SERVER_PATHS = {
  lock: (fileId: string) => `files/${encodeURIComponent(fileId)}/lock`,
  content: (fileId: string) => `files/${encodeURIComponent(fileId)}/content`,
  versions: (fileId: string) => `files/${encodeURIComponent(fileId)}/versions`,
} as const;

export const driveLockReply = z.object({
  /** The file's name, used for the local copy in the sync folder. */
  name: z.string().check(z.minLength(1), z.maxLength(255)),
  lock: fileLock,
});
export type DriveLockReply = z.infer<typeof driveLockReply>;

export const driveVersionReply = z.looseObject({
  version: z.looseObject({ id: z.string(), size: z.number() }),
});
export type DriveVersionReply = z.infer<typeof driveVersionReply>;

export const driveServerFailure = z.looseObject({
  error: z.looseObject({ message: z.string() }),
});
