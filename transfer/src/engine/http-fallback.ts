import { once } from 'node:events';
import type { ClientRequest, IncomingMessage } from 'node:http';
import {
  type HttpSessionOpened,
  httpSessionOpened,
  type PlanMessage,
  type RapidTransferSpec,
} from '@rapid/protocol';
import { joinRelative } from '../fs/confine-path.ts';
import { PartialFile } from '../fs/partial-file.ts';
import { decideRanges, planFile } from '../fs/resume-plan.ts';
import type { FoundFile } from '../fs/walk-files.ts';
import type { Protection } from '../protect/content-protection.ts';
import type { RateSettings } from '../rate/rate-controller.ts';
import { TokenBucket } from '../rate/token-bucket.ts';
import { ExtentMap } from '../receiver/extent-map.ts';
import type { FileProgress, SessionCounters } from '../session/session-types.ts';
import { SessionError, sessionError } from '../session/session-types.ts';
import { plainSourceAccess, type SourceAccess } from '../session/source-access.ts';
import { helloOf } from './hello-of.ts';
import { drain, FallbackHttp } from './http-client.ts';
import { LocalDestination } from './local-destination.ts';
import { overwritePolicyOf, rateOf, resumePolicyOf } from './normalize-spec.ts';
import { pool, type Range, sleep, splitRanges } from './range-pool.ts';

export const FALLBACK_CHUNK_BYTES = 8 * 1024 * 1024;
export const FALLBACK_PARALLEL = 4;
/** Paced unit of a request body or answer: small enough to keep the rate smooth. */
const SLICE_BYTES = 256 * 1024;
export const SESSION_HEADER = 'X-Rapid-Session';

const contentPath = (path: string) =>
  `/files/content${joinRelative(path).split('/').map(encodeURIComponent).join('/')}`;

function statusError(status: number, text: string): SessionError {
  if (status === 410) return new SessionError(28, 'cancelled on the node', false);
  if (status === 401 || status === 403)
    return new SessionError(19, `the node refused the token: ${text}`, false);
  if (status === 404) return new SessionError(4, `no such file on the node: ${text}`, false);
  if (status >= 500 || status === 412) return sessionError(12, `node error ${status}: ${text}`);
  return new SessionError(12, `node answered ${status}: ${text}`, false);
}

interface Work extends Range {
  index: number;
  path: string;
}

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
  #transferred = 0;
  #http: FallbackHttp;
  #bucket: TokenBucket;
  #aborted: SessionError | undefined;
  #sessionId = '';
  #nodeRate = 0;
  /** Called when the node changes the session's rate; the owner applies it like a `rate` control message. */
  onNodeRate: ((kbps: number) => void) | undefined;

  constructor(
    private readonly spec: RapidTransferSpec,
    private readonly uploads: FoundFile[],
    private readonly options: FallbackOptions = {},
  ) {
    const secure = spec.https_fallback_port !== undefined || spec.http_fallback_port === undefined;
    const port = spec.https_fallback_port ?? spec.http_fallback_port ?? 443;
    const host = spec.remote_host.includes(':') ? `[${spec.remote_host}]` : spec.remote_host;
    this.#http = new FallbackHttp(
      new URL(`${secure ? 'https' : 'http'}://${host}:${port}`),
      spec.sshfp,
      FALLBACK_PARALLEL,
    );
    this.#bucket = new TokenBucket(rateOf(spec).target_rate_kbps * 1000);
    this.#nodeRate = rateOf(spec).target_rate_kbps;
  }

  get counters(): SessionCounters {
    return {
      bytesTransferred: this.#transferred,
      bytesLost: 0,
      bytesWritten: this.files.reduce((sum, file) => sum + file.bytesWritten, 0),
      bytesExpected: this.files.reduce((sum, file) => sum + file.size, 0),
      rateKbps: this.#bucket.rateBitsPerSecond / 1000,
    };
  }

  setRate(rate: RateSettings): void {
    this.#bucket.setRate(rate.target_rate_kbps * 1000);
  }

  /** Follows a rate the node set (`PUT /ops/transfers`), within the spec's caps and locks. */
  #followRate(res: IncomingMessage): void {
    const kbps = Number(res.headers['x-rapid-target-rate-kbps']);
    if (!Number.isFinite(kbps) || kbps <= 0 || kbps === this.#nodeRate) return;
    this.#nodeRate = kbps;
    this.onNodeRate?.(kbps);
  }

  #headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      Authorization: `Bearer ${this.spec.token ?? ''}`,
      ...(this.#sessionId ? { [SESSION_HEADER]: this.#sessionId } : {}),
      ...extra,
    };
  }

  abort(error: SessionError): void {
    this.#aborted = error;
    this.#http.cancelInflight();
  }

  #check(): void {
    if (this.#aborted) throw this.#aborted;
  }

  async #pace(bytes: number): Promise<void> {
    while (!this.#bucket.tryTake(bytes)) {
      this.#check();
      await sleep(Math.max(1, this.#bucket.waitMs(bytes)));
    }
  }

  async run(): Promise<void> {
    try {
      const opened = await this.#open();
      if (this.spec.direction === 'send') await this.#upload(opened.uploads ?? []);
      else await this.#download(opened.downloads ?? []);
      // Bookkeeping only: the files are in place, so a lost close (the node then times the session out) is no failure.
      await this.#close('completed', 0, '').catch(() => {});
    } catch (error) {
      let failure =
        this.#aborted ??
        (error instanceof SessionError
          ? error
          : sessionError(12, `HTTP fallback: ${(error as Error).message}`));
      for (const file of this.files)
        if (file.status === 'queued' || file.status === 'transferring')
          Object.assign(file, { status: 'failed', errorCode: failure.code, errorDesc: failure.message });
      if (this.#sessionId) {
        try {
          await this.#close(failure.code === 28 ? 'cancelled' : 'failed', failure.code, failure.message);
        } catch (closing) {
          // 410: the node cancelled the session (a cut answer is not a network failure to retry).
          if (closing instanceof SessionError && closing.code === 28 && !this.#aborted) failure = closing;
        }
      }
      throw failure;
    } finally {
      this.#http.close();
    }
  }

  async #json(method: string, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
    const payload = Buffer.from(JSON.stringify(body));
    const res = await this.#http.request(
      method,
      path,
      this.#headers({ 'Content-Type': 'application/json', 'Content-Length': String(payload.length) }),
      payload,
    );
    const text = await drain(res);
    if ((res.statusCode ?? 0) >= 300) throw statusError(res.statusCode ?? 0, text);
    return { status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined };
  }

  async #open(): Promise<HttpSessionOpened> {
    const hello = helloOf(this.spec, rateOf(this.spec));
    const files =
      this.spec.direction === 'send'
        ? this.uploads.map((file, index) => ({
            index,
            path: file.path,
            size: file.size,
            mtime_ms: file.mtime_ms,
          }))
        : undefined;
    const reply = await this.#json('POST', '/files/http_sessions', { hello, ...(files ? { files } : {}) });
    const opened = httpSessionOpened.parse(reply.body);
    this.#sessionId = opened.session_id;
    return opened;
  }

  async #close(status: 'completed' | 'failed' | 'cancelled', code: number, desc: string): Promise<void> {
    await this.#json('POST', `/files/http_sessions/${encodeURIComponent(this.#sessionId)}/close`, {
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

  #progress(index: number, path: string, size: number): FileProgress {
    return {
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
  }

  #end(file: FileProgress, status: 'completed' | 'skipped' | 'failed', code = 0, desc = ''): void {
    Object.assign(file, { status, errorCode: code, errorDesc: desc, endMs: Date.now() });
    if (status !== 'failed') file.bytesWritten = file.size;
    if (file.startMs === 0) file.startMs = file.endMs;
  }

  /** What of `plan` the node already holds and we confirm (resume samples, as `decision` on the control channel). */
  async #kept(
    plan: PlanMessage['files'][number],
    access: SourceAccess,
    size: number,
  ): Promise<ExtentMap | null> {
    const have = plan.have.map(([start, end]) => ({ start, end }));
    if (plan.head && access.adopt) await access.adopt(plan.index, Buffer.from(plan.head, 'base64'));
    const drop =
      plan.samples.length > 0
        ? await decideRanges(
            (start, end) => access.rangeSha256(plan.index, start, end),
            { have, samples: plan.samples },
            resumePolicyOf(this.spec),
          )
        : [];
    if (plan.action === 'compare' && drop.length === 0) return null;
    const kept = new ExtentMap(size);
    if (plan.action === 'send') for (const extent of have) kept.add(extent.start, extent.end);
    for (const gap of drop) kept.remove(gap.start, gap.end);
    return kept;
  }

  async #upload(plans: NonNullable<HttpSessionOpened['uploads']>): Promise<void> {
    const access = this.options.access ?? plainSourceAccess(this.uploads);
    this.files = this.uploads.map((file, index) => this.#progress(index, file.path, file.size));
    const work: Work[] = [];
    const remaining = new Map<number, number>();
    try {
      for (const plan of plans) {
        const file = this.files[plan.index];
        if (!file) continue;
        if (plan.error) {
          this.#end(file, 'failed', plan.error.code, plan.error.desc);
          continue;
        }
        const kept = plan.action === 'skip' ? null : await this.#kept(plan, access, file.size);
        if (!kept) {
          this.#end(file, 'skipped');
          continue;
        }
        file.startByte = kept.receivedBytes;
        file.bytesWritten = kept.receivedBytes;
        const gaps = kept.missing();
        // A complete partial the node never renamed still needs one write to finish it.
        if (gaps.length === 0) gaps.push({ start: Math.max(0, file.size - 1), end: file.size });
        const pieces = file.size === 0 ? [{ start: 0, end: 0 }] : splitRanges(gaps, FALLBACK_CHUNK_BYTES);
        remaining.set(plan.index, pieces.length);
        for (const piece of pieces) work.push({ ...piece, index: plan.index, path: plan.target });
      }
      await pool(work, FALLBACK_PARALLEL, async (item) => {
        await this.#put(item, access);
        const left = (remaining.get(item.index) ?? 1) - 1;
        remaining.set(item.index, left);
        if (left === 0) this.#end(this.files[item.index] as FileProgress, 'completed');
      });
    } finally {
      access.close();
    }
  }

  async #put(item: Work, access: SourceAccess): Promise<void> {
    this.#check();
    const file = this.files[item.index] as FileProgress;
    const local = this.uploads[item.index] as FoundFile;
    if (file.status === 'queued') Object.assign(file, { status: 'transferring', startMs: Date.now() });
    const length = item.end - item.start;
    const headers = this.#headers({
      'Content-Length': String(length),
      'Content-Type': 'application/octet-stream',
      'X-Rapid-Mtime-Ms': String(Math.trunc(local.mtime_ms)),
    });
    if (this.spec.preserve_times) headers['X-Rapid-Preserve-Times'] = '1';
    if (file.size > 0) headers['Content-Range'] = `bytes ${item.start}-${item.end - 1}/${file.size}`;
    const writeBody = async (req: ClientRequest) => {
      for (let at = item.start; at < item.end && !req.destroyed; ) {
        const slice = Math.min(SLICE_BYTES, item.end - at);
        await this.#pace(slice);
        const data = access.read(item.index, at, slice);
        at += slice;
        this.#transferred += slice;
        file.bytesWritten = Math.min(file.size, file.bytesWritten + slice);
        if (!req.write(data) && !req.destroyed) await Promise.race([once(req, 'drain'), once(req, 'close')]);
      }
    };
    const res = await this.#http.request('PUT', contentPath(item.path), headers, writeBody);
    this.#followRate(res);
    const text = await drain(res);
    if ((res.statusCode ?? 0) >= 300) throw statusError(res.statusCode ?? 0, text);
  }

  async #download(offered: NonNullable<HttpSessionOpened['downloads']>): Promise<void> {
    const destination = new LocalDestination(this.spec, this.options.protection);
    const preserveTimes = this.spec.preserve_times ?? this.spec.preserve_modification_time ?? false;
    const finish =
      destination.finalizer(preserveTimes) ?? ((p: PartialFile) => p.finalizeAsync(preserveTimes));
    this.files = offered.map((file) => this.#progress(file.index, file.path, file.size));
    const work: (Work & { partial: PartialFile })[] = [];
    const partials: PartialFile[] = [];
    try {
      for (const entry of offered) {
        const file = this.files.find((f) => f.index === entry.index) as FileProgress;
        let finalPath: string;
        try {
          finalPath = destination.resolve(entry.path, offered.length);
        } catch (error) {
          this.#end(file, 'failed', (error as { code?: number }).code ?? 41, (error as Error).message);
          continue;
        }
        // The node answers no resume samples over HTTP: a checkpoint is trusted on size and time (attributes).
        const resume = resumePolicyOf(this.spec) === 'none' ? 'none' : 'attributes';
        const plan = await planFile(finalPath, entry, resume, overwritePolicyOf(this.spec));
        if (plan.action === 'skip') {
          this.#end(file, 'skipped');
          continue;
        }
        const partial = PartialFile.open(finalPath, entry.size, entry.mtime_ms, plan.have);
        partials.push(partial);
        file.startByte = partial.map.receivedBytes;
        file.bytesWritten = file.startByte;
        const pieces = splitRanges(partial.map.missing(), FALLBACK_CHUNK_BYTES);
        if (pieces.length === 0) {
          await this.#finish(file, partial, finish);
          continue;
        }
        for (const piece of pieces) work.push({ ...piece, index: entry.index, path: entry.source, partial });
      }
      await pool(work, FALLBACK_PARALLEL, async (item) => {
        await this.#get(item, item.partial);
        const file = this.files.find((f) => f.index === item.index) as FileProgress;
        if (item.partial.complete && file.status === 'transferring')
          await this.#finish(file, item.partial, finish);
      });
    } finally {
      for (const partial of partials) partial.suspend();
    }
  }

  async #finish(file: FileProgress, partial: PartialFile, finish: (p: PartialFile) => Promise<void>) {
    file.status = 'completed';
    try {
      await finish(partial);
      this.#end(file, 'completed');
    } catch (error) {
      // Like a UDP session: this file fails (e.g. 48, wrong passphrase), the others go on.
      const code = (error as { code?: unknown }).code;
      this.#end(file, 'failed', typeof code === 'number' ? code : 64, (error as Error).message);
    }
  }

  async #get(item: Work, partial: PartialFile): Promise<void> {
    {
      this.#check();
      const file = this.files.find((f) => f.index === item.index) as FileProgress;
      if (file.status === 'queued') Object.assign(file, { status: 'transferring', startMs: Date.now() });
      const res: IncomingMessage = await this.#http.request(
        'GET',
        contentPath(item.path),
        this.#headers({ Range: `bytes=${item.start}-${item.end - 1}` }),
      );
      if (res.statusCode !== 206) throw statusError(res.statusCode ?? 0, await drain(res));
      this.#followRate(res);
      let position = item.start;
      for await (const chunk of res) {
        const data = chunk as Buffer;
        if (position + data.length > item.end) throw sessionError(18, 'range answer longer than asked');
        partial.write(position, data);
        position += data.length;
        file.bytesWritten += data.length;
        this.#transferred += data.length;
        await this.#pace(data.length);
      }
      if (position !== item.end) throw sessionError(16, 'range answer cut short');
      partial.flush();
    }
  }
}
