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

/** Production default until a server connector is wired in: every server call fails with a clear reason. */
export function createUnconnectedDriveServer(): DriveServer {
  const fail = async (): Promise<never> => {
    throw new DriveServerError('This Rapid client has no Drive server connector yet.');
  };
  return { lock: fail, download: fail, uploadVersion: fail, unlock: fail };
}
