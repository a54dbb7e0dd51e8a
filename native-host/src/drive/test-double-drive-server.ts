import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DriveAccount } from '@rapid/protocol';
import { type DriveServer, DriveServerError } from './drive-server.ts';

/**
 * TEST DOUBLE of an account's server: files are `<folder>/<file id>`, versions are appended copies, locks are a set.
 * Selected only by tests.
 */
export class TestDoubleDriveServer implements DriveServer {
  readonly locks = new Set<string>();
  readonly versions: { fileId: string; content: string }[] = [];

  constructor(readonly folder: string) {}

  async lock(account: DriveAccount, fileId: string) {
    const key = `${account.id}/${fileId}`;
    if (this.locks.has(key)) throw new DriveServerError(`${fileId} is already checked out`);
    await readFile(join(this.folder, fileId)).catch(() => {
      throw new DriveServerError(`No file ${fileId}`);
    });
    this.locks.add(key);
    return {
      name: fileId,
      lock: {
        file_id: fileId,
        created_at: new Date().toISOString(),
        created_by_id: 'user-1',
        created_by_type: 'user',
        tags: {},
      },
    };
  }

  async download(_account: DriveAccount, fileId: string, target: string) {
    await copyFile(join(this.folder, fileId), target);
  }

  async uploadVersion(_account: DriveAccount, fileId: string, source: string) {
    const content = await readFile(source, 'utf8');
    this.versions.push({ fileId, content });
    await writeFile(join(this.folder, fileId), content);
  }

  async unlock(account: DriveAccount, fileId: string) {
    this.locks.delete(`${account.id}/${fileId}`);
  }
}
