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

  async read(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    await lstat(path);
    return readNoFollow(path);
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

/** rename, or copy and remove when the two paths are on different filesystems. */
async function moveAcross(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, {
      recursive: true,
      errorOnExist: true,
      force: false,
      preserveTimestamps: true,
      filter: notALink,
    });
    await rm(from, { recursive: true, force: true });
  }
}

/** `cp` filter: a symbolic link inside a copied or moved tree is left behind, never copied to point anywhere. */
export async function notALink(source: string): Promise<boolean> {
  return !(await lstat(source)).isSymbolicLink();
}
