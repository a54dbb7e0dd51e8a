import { closeSync, mkdirSync, openSync, readSync } from 'node:fs';
import { posix } from 'node:path';
import type { RapidTransferSpec } from '@rapid/protocol';
import { confinePath, joinRelative } from '../fs/confine-path.ts';
import { PartialFile, readCheckpoint } from '../fs/partial-file.ts';
import type { FoundFile } from '../fs/walk-files.ts';
import type { FileProgress, SessionCounters } from '../session/session-types.ts';
import { SessionError, sessionError } from '../session/session-types.ts';
import { drain, FallbackHttp } from './http-client.ts';

export const FALLBACK_CHUNK_BYTES = 8 * 1024 * 1024;
export const FALLBACK_PARALLEL = 4;

const contentPath = (path: string) =>
  `/files/content${joinRelative(path).split('/').map(encodeURIComponent).join('/')}`;

/** Runs `work` items with at most `parallel` in flight; the first failure stops the rest. */
async function pool<T>(items: T[], parallel: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  if (failure !== undefined) throw failure;
}

function statusError(status: number, text: string): SessionError {
  if (status === 401 || status === 403)
    return new SessionError(19, `the node refused the token: ${text}`, false);
  if (status === 404) return new SessionError(4, `no such file on the node: ${text}`, false);
  if (status >= 500) return sessionError(12, `node error ${status}: ${text}`);
  return new SessionError(12, `node answered ${status}: ${text}`, false);
}

/**
 * HTTPS fallback (PROTOCOL.md §4) when UDP is blocked: each file split into 8 MiB ranges moved by 4 parallel
 * requests, written positionally (downloads resume from the same checkpoints as UDP sessions).
 */
export class HttpFallback {
  files: FileProgress[] = [];
  readonly counters: SessionCounters = {
    bytesTransferred: 0,
    bytesLost: 0,
    bytesWritten: 0,
    bytesExpected: 0,
    rateKbps: 0,
  };
  #http: FallbackHttp;
  #aborted: SessionError | undefined;

  constructor(
    private readonly spec: RapidTransferSpec,
    private readonly uploads: FoundFile[],
  ) {
    const secure = spec.https_fallback_port !== undefined || spec.http_fallback_port === undefined;
    const port = spec.https_fallback_port ?? spec.http_fallback_port ?? 443;
    const host = spec.remote_host.includes(':') ? `[${spec.remote_host}]` : spec.remote_host;
    this.#http = new FallbackHttp(
      new URL(`${secure ? 'https' : 'http'}://${host}:${port}`),
      spec.sshfp,
      FALLBACK_PARALLEL,
    );
  }

  #headers(extra: Record<string, string> = {}): Record<string, string> {
    return { Authorization: `Bearer ${this.spec.token ?? ''}`, ...extra };
  }

  abort(error: SessionError): void {
    this.#aborted = error;
    this.#http.close();
  }

  #check(): void {
    if (this.#aborted) throw this.#aborted;
  }

  async run(): Promise<void> {
    try {
      if (this.spec.direction === 'send') await this.#upload();
      else await this.#download();
    } catch (error) {
      if (this.#aborted) throw this.#aborted;
      if (error instanceof SessionError) throw error;
      throw sessionError(12, `HTTP fallback: ${(error as Error).message}`);
    } finally {
      this.#http.close();
    }
  }

  #progress(index: number, path: string, size: number): FileProgress {
    const file: FileProgress = {
      index,
      path,
      size,
      startByte: 0,
      bytesWritten: 0,
      status: 'queued',
      errorCode: 0,
      errorDesc: '',
      checksum: null,
      startMs: 0,
      endMs: 0,
    };
    this.files.push(file);
    return file;
  }

  async #upload(): Promise<void> {
    this.counters.bytesExpected = this.uploads.reduce((sum, file) => sum + file.size, 0);
    const progress = this.uploads.map((file, index) => this.#progress(index, file.path, file.size));
    for (const [index, local] of this.uploads.entries()) {
      const file = progress[index] as FileProgress;
      file.status = 'transferring';
      file.startMs = Date.now();
      const target = contentPath(posix.join(this.spec.destination_root ?? '', local.path));
      const ranges = [];
      for (
        let start = 0;
        start < local.size || (start === 0 && local.size === 0);
        start += FALLBACK_CHUNK_BYTES
      ) {
        ranges.push({ start, end: Math.min(local.size, start + FALLBACK_CHUNK_BYTES) });
        if (local.size === 0) break;
      }
      const fd = openSync(local.source, 'r');
      try {
        await pool(ranges, FALLBACK_PARALLEL, async ({ start, end }) => {
          this.#check();
          const body = Buffer.allocUnsafe(end - start);
          if (body.length > 0) readSync(fd, body, 0, body.length, start);
          const headers = this.#headers({
            'Content-Length': String(body.length),
            'Content-Type': 'application/octet-stream',
          });
          if (local.size > 0) headers['Content-Range'] = `bytes ${start}-${end - 1}/${local.size}`;
          const res = await this.#http.request('PUT', target, headers, body);
          const text = await drain(res);
          if ((res.statusCode ?? 0) >= 300) throw statusError(res.statusCode ?? 0, text);
          file.bytesWritten += body.length;
          this.counters.bytesTransferred += body.length;
          this.counters.bytesWritten += body.length;
        });
      } finally {
        closeSync(fd);
      }
      file.status = 'completed';
      file.endMs = Date.now();
    }
  }

  async #download(): Promise<void> {
    const destinationRoot = this.spec.destination_root ?? '.';
    mkdirSync(destinationRoot, { recursive: true });
    for (const [index, path] of this.spec.paths.entries()) {
      const source = posix.join(this.spec.source_root ?? '', path.source);
      const head = await this.#http.request('HEAD', contentPath(source), this.#headers());
      await drain(head);
      if ((head.statusCode ?? 0) >= 300) throw statusError(head.statusCode ?? 0, source);
      const size = Number(head.headers['content-length']);
      const mtimeMs = Date.parse(String(head.headers['last-modified']));
      const name = path.destination ?? posix.basename(source);
      const file = this.#progress(index, name, size);
      this.counters.bytesExpected += size;
      const finalPath = confinePath(destinationRoot, name);
      const checkpoint = readCheckpoint(finalPath);
      const keep =
        checkpoint && checkpoint.size === size && Math.trunc(checkpoint.mtime_ms) === Math.trunc(mtimeMs)
          ? checkpoint.extents
          : [];
      const partial = PartialFile.open(finalPath, size, mtimeMs, keep);
      file.startByte = partial.map.receivedBytes;
      file.bytesWritten = file.startByte;
      this.counters.bytesWritten += file.startByte;
      file.status = 'transferring';
      file.startMs = Date.now();
      const ranges = partial.map.missing().flatMap((gap) => {
        const pieces = [];
        for (let start = gap.start; start < gap.end; start += FALLBACK_CHUNK_BYTES)
          pieces.push({ start, end: Math.min(gap.end, start + FALLBACK_CHUNK_BYTES) });
        return pieces;
      });
      try {
        await pool(ranges, FALLBACK_PARALLEL, async ({ start, end }) => {
          this.#check();
          const res = await this.#http.request(
            'GET',
            contentPath(source),
            this.#headers({ Range: `bytes=${start}-${end - 1}` }),
          );
          if (res.statusCode !== 206) throw statusError(res.statusCode ?? 0, await drain(res));
          let position = start;
          for await (const chunk of res) {
            const data = chunk as Buffer;
            if (position + data.length > end) throw sessionError(18, 'range answer longer than asked');
            partial.write(position, data);
            position += data.length;
            file.bytesWritten += data.length;
            this.counters.bytesTransferred += data.length;
            this.counters.bytesWritten += data.length;
          }
          if (position !== end) throw sessionError(16, 'range answer cut short');
          partial.flush();
        });
        partial.finalize(this.spec.preserve_times ?? false);
      } catch (error) {
        partial.suspend();
        throw error;
      }
      file.status = 'completed';
      file.endMs = Date.now();
    }
  }
}
