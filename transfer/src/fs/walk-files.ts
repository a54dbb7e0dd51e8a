import { readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, join, posix, sep } from 'node:path';

export interface FoundFile {
  /** Absolute local path. */
  source: string;
  /** Path relative to the transfer's destination, `/`-separated. */
  path: string;
  size: number;
  mtime_ms: number;
}

/**
 * Expands one source (a file or a directory, followed recursively) into files. Symlinks are followed; with `within`,
 * anything whose real path leaves that directory is skipped, so a link inside a docroot cannot export the host.
 * Special files (sockets, devices, FIFOs) are skipped.
 */
export function walkFiles(source: string, destination: string | undefined, within?: string): FoundFile[] {
  const top = destination ?? basename(source);
  const out: FoundFile[] = [];
  const inside = (path: string) => {
    if (!within) return true;
    const real = realpathSync(path);
    return real === within || real.startsWith(within + sep);
  };
  const visit = (path: string, relative: string) => {
    if (!inside(path)) return;
    const stats = statSync(path);
    if (stats.isFile()) out.push({ source: path, path: relative, size: stats.size, mtime_ms: stats.mtimeMs });
    else if (stats.isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name), posix.join(relative, name));
    }
  };
  visit(source, top);
  return out;
}
