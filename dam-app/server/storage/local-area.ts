import { createWriteStream } from 'node:fs';
import { copyFile, cp, lstat, mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { confinePath, OutsideStorageError, readNoFollow } from '../access/storage-path.ts';
import type { AreaName, StorageArea, StoredObject } from './storage-area.ts';

export class StorageKeyError extends OutsideStorageError {}

/**
 * A storage area in a local folder. Writes go to a temporary name first and are renamed into place, so a reader
 * (or a crash) never sees half a file.
 */
export class LocalStorageArea implements StorageArea {
  constructor(
    readonly name: AreaName,
    readonly root: string,
  ) {}

  localPath(key: string): string | undefined {
    return confinePath(this.root, key);
  }

  private pathOf(key: string): string {
    const path = this.localPath(key);
    if (!path || path === this.root) throw new StorageKeyError(`Bad key for the ${this.name} area: ${key}`);
    return path;
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await copyFile(sourcePath, temporary);
    await rename(temporary, target);
  }

  async put(key: string, bytes: Buffer | Readable): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    const source = Buffer.isBuffer(bytes) ? Readable.from([bytes]) : bytes;
    try {
      await pipeline(source, createWriteStream(temporary));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const path = this.pathOf(key);
    await lstat(path);
    return readNoFollow(path, range);
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    try {
      const info = await lstat(this.pathOf(key));
      return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async adopt(key: string, sourcePath: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    await moveAcross(sourcePath, target);
  }

  async release(key: string, targetPath: string): Promise<void> {
    await mkdir(dirname(targetPath), { recursive: true });
    await moveAcross(this.pathOf(key), targetPath);
  }
}

/**
 * rename, or — across filesystems — copy to a temporary name, rename that into place, then remove the source. Either
 * way the target appears whole or not at all, so after a crash "the target exists" means the move got through (what
 * is left of the source stays, see `finishMove`).
 */
async function moveAcross(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    const temporary = movingName(to);
    await rm(temporary, { recursive: true, force: true });
    await cp(from, temporary, {
      recursive: true,
      errorOnExist: true,
      force: false,
      preserveTimestamps: true,
      filter: notALink,
    });
    await rename(temporary, to);
    await rm(from, { recursive: true, force: true });
  }
}

/** `cp` filter: a symbolic link inside a copied or moved tree is left behind, never copied to point anywhere. */
export async function notALink(source: string): Promise<boolean> {
  return !(await lstat(source)).isSymbolicLink();
}

const movingName = (to: string) => `${to}.moving.tmp`;

/**
 * After a crash in a move to `to`: true when the move got through (the target exists), false when it did not (a
 * half-copied temporary target is removed). What may be left of the source after a cross-filesystem move is left
 * alone: by then another server could have put new files at that path, and a leftover is better than a loss.
 */
export async function finishMove(to: string): Promise<boolean> {
  if (await exists(to)) return true;
  await rm(movingName(to), { recursive: true, force: true });
  return false;
}

export async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
