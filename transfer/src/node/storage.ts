import { createReadStream, readdirSync, type Stats, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { confinePath } from '../fs/confine-path.ts';

export interface StorageEntry {
  path: string;
  basename: string;
  type: 'file' | 'directory' | 'symbolic_link';
  size: number;
  mtime: string;
}

/**
 * What the node's HTTP side needs from storage. Local disk now; an object store would implement the same, with the
 * UDP sessions staging `.partial` files locally (they need positional writes).
 */
export interface Storage {
  /** Confined local path for a docroot-relative path; throws `PathEscapeError` (41). */
  resolve(path: string): string;
  stat(path: string): StorageEntry | undefined;
  list(path: string): StorageEntry[];
  read(path: string, range?: { start: number; end: number }): Readable;
}

function entry(path: string, name: string, stats: Stats): StorageEntry {
  return {
    path,
    basename: name,
    type: stats.isDirectory() ? 'directory' : stats.isSymbolicLink() ? 'symbolic_link' : 'file',
    size: stats.isDirectory() ? 0 : stats.size,
    mtime: stats.mtime.toISOString().replace(/\.\d+Z$/, 'Z'),
  };
}

export class LocalStorage implements Storage {
  constructor(private readonly docroot: string) {}

  resolve(path: string): string {
    return confinePath(this.docroot, path);
  }

  stat(path: string): StorageEntry | undefined {
    const stats = statSync(this.resolve(path), { throwIfNoEntry: false });
    const clean = `/${path.split('/').filter(Boolean).join('/')}`;
    return stats ? entry(clean, clean.split('/').pop() ?? '', stats) : undefined;
  }

  list(path: string): StorageEntry[] {
    const local = this.resolve(path);
    const clean = `/${path.split('/').filter(Boolean).join('/')}`.replace(/\/$/, '');
    return readdirSync(local, { withFileTypes: true })
      .filter((dirent) => !dirent.name.endsWith('.partial') && !dirent.name.endsWith('.partial.rapid'))
      .map((dirent) => entry(`${clean}/${dirent.name}`, dirent.name, statSync(`${local}/${dirent.name}`)))
      .sort((a, b) => a.path.localeCompare(b.path));
  }

  read(path: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.resolve(path), range ? { start: range.start, end: range.end } : {});
  }
}
