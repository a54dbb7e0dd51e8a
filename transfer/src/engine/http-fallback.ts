import { httpSessionOpened, type RapidTransferSpec } from '@rapid/protocol';
import type { FoundFile } from '../fs/walk-files.ts';
import type { Protection } from '../protect/content-protection.ts';
import type { RateSettings } from '../rate/rate-controller.ts';
import { newFileProgress } from '../session/file-progress.ts';
import type { FileProgress, SessionCounters } from '../session/session-types.ts';
import { SessionError, sessionError } from '../session/session-types.ts';
import { plainSourceAccess, type SourceAccess } from '../session/source-access.ts';
import { downloadOverHttp } from './fallback-download.ts';
import { FallbackLink } from './fallback-link.ts';
import { uploadOverHttp } from './fallback-upload.ts';
import { helloOf } from './hello-of.ts';
import { rateOf } from './normalize-spec.ts';

export { FALLBACK_CHUNK_BYTES, FALLBACK_PARALLEL } from './fallback-link.ts';

export interface FallbackOptions {
  /** How upload bytes are read (the envelope under `content_protection: "encrypt"`). */
  access?: SourceAccess | undefined;
  protection?: Protection | undefined;
}

/**
 * HTTPS fallback (PROTOCOL.md §4) when UDP is blocked: a session opened with the same `hello` (so the node names,
 * records and controls it like a UDP session), then 8 MiB ranges moved by 4 parallel paced requests into the same
 * `.partial` files and checkpoints, so both directions resume with only the missing ranges.
 */
export class HttpFallback {
  files: FileProgress[] = [];
  readonly #link: FallbackLink;

  constructor(
    private readonly spec: RapidTransferSpec,
    private readonly uploads: FoundFile[],
    private readonly options: FallbackOptions = {},
  ) {
    this.#link = new FallbackLink(spec);
  }

  /** Called when the node changes the session's rate; the owner applies it like a `rate` control message. */
  set onNodeRate(listener: ((kbps: number) => void) | undefined) {
    this.#link.onNodeRate = listener;
  }

  get counters(): SessionCounters {
    return {
      bytesTransferred: this.#link.transferred,
      bytesLost: 0,
      bytesWritten: this.files.reduce((sum, file) => sum + file.bytesWritten, 0),
      bytesExpected: this.files.reduce((sum, file) => sum + file.size, 0),
      rateKbps: this.#link.rateKbps,
    };
  }

  setRate(rate: RateSettings): void {
    this.#link.setRate(rate.target_rate_kbps);
  }

  abort(error: SessionError): void {
    this.#link.abort(error);
  }

  async run(): Promise<void> {
    const link = this.#link;
    try {
      const offered = this.uploads.map((file, index) => ({
        index,
        path: file.path,
        size: file.size,
        mtime_ms: file.mtime_ms,
      }));
      const opened = httpSessionOpened.parse(
        await link.json('/files/http_sessions', {
          hello: helloOf(this.spec, rateOf(this.spec)),
          ...(this.spec.direction === 'send' ? { files: offered } : {}),
        }),
      );
      link.sessionId = opened.session_id;
      if (this.spec.direction === 'send') {
        const access = this.options.access ?? plainSourceAccess(this.uploads);
        this.files = this.uploads.map((file, index) => newFileProgress(index, file.path, file.size));
        try {
          await uploadOverHttp(link, this.spec, this.uploads, opened.uploads ?? [], access, this.files);
        } finally {
          access.close();
        }
      } else {
        const downloads = opened.downloads ?? [];
        this.files = downloads.map((file) => newFileProgress(file.index, file.path, file.size));
        await downloadOverHttp(link, this.spec, downloads, this.options.protection, this.files);
      }
      // Bookkeeping only: the files are in place, so a lost close (the node then times the session out) is no failure.
      await this.#close('completed', 0, '').catch(() => {});
    } catch (error) {
      throw await this.#failed(error);
    } finally {
      link.close();
    }
  }

  async #failed(error: unknown): Promise<SessionError> {
    const link = this.#link;
    let failure =
      link.aborted ??
      (error instanceof SessionError
        ? error
        : sessionError(12, `HTTP fallback: ${(error as Error).message}`));
    for (const file of this.files)
      if (file.status === 'queued' || file.status === 'transferring')
        Object.assign(file, { status: 'failed', errorCode: failure.code, errorDesc: failure.message });
    if (!link.sessionId) return failure;
    try {
      await this.#close(failure.code === 28 ? 'cancelled' : 'failed', failure.code, failure.message);
    } catch (closing) {
      // 410: the node cancelled the session (a cut answer is not a network failure to retry).
      if (closing instanceof SessionError && closing.code === 28 && !link.aborted) failure = closing;
    }
    return failure;
  }

  async #close(status: 'completed' | 'failed' | 'cancelled', code: number, desc: string): Promise<void> {
    await this.#link.json(`/files/http_sessions/${encodeURIComponent(this.#link.sessionId)}/close`, {
      status,
      error_code: code,
      error_desc: desc,
      files: this.files.map((file) => ({
        index: file.index,
        status: file.status,
        bytes_written: file.bytesWritten,
        error_code: file.errorCode,
        error_desc: file.errorDesc,
      })),
    });
  }
}
