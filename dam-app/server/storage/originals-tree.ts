import { cp, lstat, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { confinePath, OutsideStorageError } from '../access/storage-path.ts';
import { notALink } from './local-area.ts';

export class PathOutsideRootError extends OutsideStorageError {}

/**
 * Directory operations on the originals (the storage root, which the transfer node serves). Every path is relative
 * to the root and confined to it; nothing here knows about ACLs, which callers have checked.
 */
export class OriginalsTree {
  constructor(readonly root: string) {}

  absolute(path: string): string {
    const full = confinePath(this.root, path);
    if (!full)
      throw new PathOutsideRootError(`Outside the storage root, or through a link: ${JSON.stringify(path)}`);
    return full;
  }

  /** Creates one directory; its parent must exist. Rejects with EEXIST when the name is taken. */
  async mkdir(path: string): Promise<void> {
    await mkdir(this.absolute(path));
  }

  async exists(path: string): Promise<boolean> {
    try {
      await lstat(this.absolute(path));
      return true;
    } catch {
      return false;
    }
  }

  async isDirectory(path: string): Promise<boolean> {
    try {
      return (await lstat(this.absolute(path))).isDirectory();
    } catch {
      return false;
    }
  }

  /** Renames or moves; the target must not exist (a rename over a directory would merge or fail unclearly). */
  async move(from: string, to: string): Promise<void> {
    const target = this.absolute(to);
    if (await this.exists(to)) throw Object.assign(new Error('target exists'), { code: 'EEXIST' });
    await mkdir(dirname(target), { recursive: true });
    await rename(this.absolute(from), target);
  }

  /** Copies a file or a tree; `eachEntry` runs before each entry is copied. */
  async copy(from: string, to: string, eachEntry?: () => Promise<void>): Promise<void> {
    if (await this.exists(to)) throw Object.assign(new Error('target exists'), { code: 'EEXIST' });
    await cp(this.absolute(from), this.absolute(to), {
      recursive: true,
      errorOnExist: true,
      force: false,
      preserveTimestamps: true,
      // Links are left behind (never copied to point anywhere); the crash matrix counts entries as they go.
      filter: async (source: string) => {
        await eachEntry?.();
        return notALink(source);
      },
    });
  }

  async remove(path: string): Promise<void> {
    const full = this.absolute(path);
    if (full === this.absolute(''))
      throw new PathOutsideRootError('The storage root itself cannot be removed.');
    await rm(full, { recursive: true, force: true });
  }

  /** The entries of one directory, split into folders, files and symbolic links (never followed). */
  async list(path: string): Promise<{ folders: string[]; files: string[]; links: string[] }> {
    const entries = await readdir(this.absolute(path), { withFileTypes: true });
    const folders: string[] = [];
    const files: string[] = [];
    const links: string[] = [];
    for (const entry of entries) {
      if (entry.isDirectory()) folders.push(entry.name);
      else if (entry.isFile()) files.push(entry.name);
      else if (entry.isSymbolicLink()) links.push(entry.name);
    }
    return { folders: folders.sort(), files: files.sort(), links: links.sort() };
  }
}

/** Files the DAM does not index: hidden files and the transfer's in-flight `.partial` files and checkpoints. */
export function isIndexable(name: string): boolean {
  return (
    !name.startsWith('.') &&
    !name.endsWith('.partial') &&
    !name.endsWith('.partial.rapid') &&
    !name.endsWith('.tmp')
  );
}
