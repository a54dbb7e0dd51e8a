import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { TOOL_PATHS } from '../config/tool-paths.ts';

export const EXIFTOOL = TOOL_PATHS.exiftool;
/**
 * util-linux's setpriv (essential on Debian) starts exiftool with a parent-death signal: a stay-open exiftool never
 * exits on its own (at the end of its input it polls for more every 10 ms), so a server that crashed would leave it
 * running for ever.
 */
const SETPRIV = '/usr/bin/setpriv';

interface Pending {
  args: string[];
  resolve(value: Record<string, unknown>): void;
  reject(error: Error): void;
}

/**
 * One long-running exiftool (`-stay_open`), fed one file at a time: Perl's start-up costs about as much as reading a
 * photo's metadata, so a process per file would halve ingest throughput. Restarted when it dies.
 */
export class ExifTool {
  private child: ChildProcessWithoutNullStreams | undefined;
  private queue: Pending[] = [];
  private current: Pending | undefined;
  private output = '';
  private errors = '';
  private closed = false;

  /**
   * Every tag exiftool reads (EXIF, IPTC, XMP, ICC, the container's), numbers as numbers. The path must be absolute:
   * in stay-open mode `--` would also swallow the `-execute` that follows, so a path must not look like an option.
   */
  read(path: string): Promise<Record<string, unknown>> {
    if (this.closed) return Promise.reject(new Error('exiftool is closed'));
    if (!path.startsWith('/')) return Promise.reject(new Error('exiftool needs an absolute path'));
    return new Promise((resolve, reject) => {
      this.queue.push({
        args: ['-json', '-n', '-struct', '-charset', 'filename=utf8', path],
        resolve,
        reject,
      });
      this.next();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const child = this.child;
    this.child = undefined;
    for (const pending of this.queue.splice(0)) pending.reject(new Error('exiftool is closed'));
    if (!child) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.stdin.end('-stay_open\nFalse\n');
      setTimeout(() => child.kill('SIGKILL'), 2000).unref();
    });
  }

  private start(): ChildProcessWithoutNullStreams {
    const args = ['-stay_open', 'True', '-@', '-'];
    const child = existsSync(SETPRIV)
      ? spawn(SETPRIV, ['--pdeathsig', 'KILL', EXIFTOOL, ...args], { stdio: 'pipe' })
      : spawn(EXIFTOOL, args, { stdio: 'pipe' });
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      this.output += chunk;
      this.settle();
    });
    child.stderr.on('data', (chunk: string) => {
      this.errors += chunk;
    });
    child.on('error', (error) => this.fail(error));
    child.on('exit', () => {
      if (this.child === child) this.child = undefined;
      this.fail(new Error(`exiftool exited${this.errors ? `: ${this.errors.trim()}` : ''}`));
    });
    child.unref();
    (child.stdout as unknown as { unref?: () => void }).unref?.();
    (child.stderr as unknown as { unref?: () => void }).unref?.();
    (child.stdin as unknown as { unref?: () => void }).unref?.();
    return child;
  }

  private next(): void {
    if (this.current || this.queue.length === 0 || this.closed) return;
    this.current = this.queue.shift();
    this.child ??= this.start();
    this.output = '';
    this.errors = '';
    // One argument per line: a file name with a newline cannot be passed this way, and such names are refused.
    const args = this.current?.args ?? [];
    if (args.some((arg) => arg.includes('\n'))) {
      const pending = this.current as Pending;
      this.current = undefined;
      pending.reject(new Error('A path with a line break cannot be read.'));
      this.next();
      return;
    }
    this.child.stdin.write(`${args.join('\n')}\n-execute\n`);
  }

  private settle(): void {
    const marker = this.output.indexOf('{ready}');
    if (marker === -1 || !this.current) return;
    const text = this.output.slice(0, marker).trim();
    const pending = this.current;
    this.current = undefined;
    this.output = '';
    try {
      const parsed = text ? (JSON.parse(text) as Record<string, unknown>[]) : [];
      const first = parsed[0];
      if (!first) throw new Error(this.errors.trim() || 'exiftool read nothing');
      pending.resolve(first);
    } catch (error) {
      pending.reject(error as Error);
    }
    this.next();
  }

  private fail(error: Error): void {
    const pending = this.current;
    this.current = undefined;
    pending?.reject(error);
    if (!this.closed) this.next();
  }
}
