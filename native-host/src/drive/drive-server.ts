import type { DriveAccount, FileLock } from '@rapid/protocol';

/**
 * What Drive needs from an account's server: lock a file and fetch it, upload a new version, release the lock.
 * The DAM server's API provides it; injected so the daemon's side is independent of the server.
 */
export interface DriveServer {
  lock(account: DriveAccount, fileId: string): Promise<{ name: string; lock: FileLock }>;
  download(account: DriveAccount, fileId: string, target: string): Promise<void>;
  uploadVersion(account: DriveAccount, fileId: string, source: string): Promise<void>;
  unlock(account: DriveAccount, fileId: string): Promise<void>;
}

export class DriveServerError extends Error {
  override name = 'DriveServerError';
}
