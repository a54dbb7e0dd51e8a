import { realpath } from 'node:fs/promises';
import { sep } from 'node:path';
import { forbidden, notFound } from '../daemon/connect-failure.ts';

/**
 * Paths the user handed to an origin in this daemon session — chosen in a dialog or dropped. Only these (and, for
 * chosen folders, what is inside them) may be read or checksummed. Kept in memory: a restart forgets them.
 */
export class PathGrants {
  readonly #byOrigin = new Map<string, Map<string, 'file' | 'folder'>>();

  async grant(origin: string, paths: string[], kind: 'file' | 'folder'): Promise<void> {
    let grants = this.#byOrigin.get(origin);
    if (!grants) {
      grants = new Map();
      this.#byOrigin.set(origin, grants);
    }
    for (const path of paths) grants.set(await realpath(path).catch(() => path), kind);
  }

  /** The real path, when the origin may read it; a 403 (or 404 for a missing file) otherwise. */
  async check(origin: string, path: string): Promise<string> {
    let real: string;
    try {
      real = await realpath(path);
    } catch {
      throw notFound(`The file ${path} does not exist.`);
    }
    for (const [granted, kind] of this.#byOrigin.get(origin) ?? []) {
      if (real === granted) return real;
      if (kind === 'folder' && real.startsWith(granted.endsWith(sep) ? granted : granted + sep)) return real;
    }
    throw forbidden(`Rapid only reads files you selected or dropped on this page: ${path} was not.`);
  }

  isGranted(origin: string, path: string): Promise<boolean> {
    return this.check(origin, path).then(
      () => true,
      () => false,
    );
  }
}
