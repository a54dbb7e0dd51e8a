import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { closeSync, fsync, openSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';

/**
 * A shell that runs `sync --file-system` (coreutils, Linux) for each folder written to its standard input, one a
 * line, and answers `0` (synced) or `1` on its standard output. Starting a process from Node forks this whole
 * process on the event loop (milliseconds with a large heap, once per batch of files); the shell forks only itself.
 */
const HELPER =
  'while IFS= read -r dir; do if sync --file-system -- "$dir"; then echo 0; else echo 1; fi; done';

class SyncHelper {
  #child: ChildProcessWithoutNullStreams | undefined;
  #waiting: ((ok: boolean) => void)[] = [];
  #broken = false;

  /** Syncs the file system holding `path`; false when the helper cannot (no shell, no `sync`, or it failed). */
  sync(path: string): Promise<boolean> {
    if (this.#broken || path.includes('\n')) return Promise.resolve(false);
    const child = this.#start();
    return new Promise((resolve) => {
      this.#waiting.push(resolve);
      if (this.#waiting.length === 1) this.#hold(child, true);
      child.stdin.write(`${path}\n`);
    });
  }

  #start(): ChildProcessWithoutNullStreams {
    if (this.#child) return this.#child;
    const child = spawn('sh', ['-c', HELPER], { stdio: 'pipe' });
    this.#child = child;
    createInterface({ input: child.stdout }).on('line', (line) => {
      this.#waiting.shift()?.(line === '0');
      if (this.#waiting.length === 0) this.#hold(child, false);
    });
    const fail = () => {
      this.#broken = true;
      this.#child = undefined;
      for (const resolve of this.#waiting.splice(0)) resolve(false);
    };
    child.once('error', fail);
    child.once('exit', fail);
    child.stdin.on('error', fail);
    child.stderr.resume();
    this.#hold(child, false);
    return child;
  }

  /** The helper keeps the process alive only while an answer is awaited. */
  #hold(child: ChildProcessWithoutNullStreams, held: boolean): void {
    for (const handle of [child, child.stdin, child.stdout, child.stderr] as { ref(): void; unref(): void }[])
      held ? handle.ref() : handle.unref();
  }
}

const helper = new SyncHelper();

/**
 * Makes everything written to the file systems holding `paths` durable with one `syncfs` each (coreutils
 * `sync --file-system`, Linux): a batch of many small files costs one flush instead of one `fdatasync` per file.
 * Resolves false where that is unavailable, so the caller syncs file by file instead.
 */
export async function syncFileSystems(paths: string[]): Promise<boolean> {
  if (process.platform !== 'linux' || paths.length === 0) return false;
  // One sync per file system: folders of one upload mostly share one.
  const byDevice = new Map<number, string>();
  for (const path of paths) {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) return false;
    if (!byDevice.has(stats.dev)) byDevice.set(stats.dev, path);
  }
  const outcomes = await Promise.all([...byDevice.values()].map((path) => helper.sync(path)));
  return outcomes.every(Boolean);
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
