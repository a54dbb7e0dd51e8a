import { spawn } from 'node:child_process';
import { closeSync, fsync, openSync } from 'node:fs';

/**
 * Makes everything written to the file systems holding `paths` durable with one `syncfs` each (coreutils
 * `sync --file-system`, Linux): a batch of many small files costs one flush instead of one `fdatasync` per file.
 * Resolves false where that is unavailable, so the caller syncs file by file instead.
 */
export function syncFileSystems(paths: string[]): Promise<boolean> {
  if (process.platform !== 'linux' || paths.length === 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    const child = spawn('sync', ['--file-system', ...paths], { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
}

/** `fsync` of each folder, so the renames into it are durable (the fallback where `syncFileSystems` is unavailable). */
export async function syncDirectories(dirs: string[]): Promise<void> {
  await Promise.all(
    dirs.map(
      (dir) =>
        new Promise<void>((resolve) => {
          let fd: number;
          try {
            fd = openSync(dir, 'r');
          } catch {
            resolve();
            return;
          }
          fsync(fd, () => {
            closeSync(fd);
            resolve();
          });
        }),
    ),
  );
}
