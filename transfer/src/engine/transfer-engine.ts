import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { basename } from 'node:path';
import { type RapidTransferSpec, rapidTransferSpec } from '@rapid/protocol';
import type { RateSettings } from '../rate/rate-controller.ts';
import {
  type FileProgress,
  isRetryableCode,
  type SessionCounters,
  SessionError,
} from '../session/session-types.ts';
import { ClientSession } from './client-session.ts';
import { redactSpec } from './normalize-spec.ts';
import { retryDelayMs } from './retry-delay.ts';
import { type TransferInfo, type TransferStatus, toTransferInfo } from './transfer-info.ts';

export interface EngineOptions {
  /** Transfers running at once; the rest wait as `queued`. */
  maxActive?: number;
  /** First back-off delay (doubles per retry, capped at 60 s). */
  retryBaseMs?: number;
  probeTimeoutMs?: number;
  stallMs?: number;
  progressIntervalMs?: number;
}

export interface StartOptions {
  uuid?: string;
  title?: string;
  /** Retries after retryable errors (`xfer_retries`); default the spec's, else 3. */
  retries?: number;
}

export interface TransferHandle {
  readonly uuid: string;
  info(): TransferInfo;
  /** Every status change and, while running, every progress interval. */
  on(event: 'progress', listener: (info: TransferInfo) => void): this;
  off(event: 'progress', listener: (info: TransferInfo) => void): this;
  /** Settles when the transfer is completed, failed or cancelled (again after each `resume`). */
  done(): Promise<TransferInfo>;
  /** Stops the transfer (status `cancelled`); partial files stay for a later `resume`. */
  stop(): void;
  /** Restarts a cancelled or failed transfer; only the missing bytes move. */
  resume(): void;
  /** Live rate change, bound by the node's caps and locks from the spec. */
  modifyRate(requested: Partial<RateSettings>): RateSettings;
}

const FINAL = new Set<TransferStatus>(['completed', 'failed', 'cancelled']);
const EMPTY: SessionCounters = {
  bytesTransferred: 0,
  bytesLost: 0,
  bytesWritten: 0,
  bytesExpected: 0,
  rateKbps: 0,
};

class Transfer extends EventEmitter implements TransferHandle {
  status: TransferStatus = 'initiating';
  #previous: TransferStatus | '' = '';
  #session: ClientSession | undefined;
  #files: FileProgress[] = [];
  #counters: SessionCounters = EMPTY;
  #transport: 'fasp' | 'http' = 'fasp';
  #rate: RateSettings | undefined;
  #attempt = 0;
  #error = { code: 0, desc: '' };
  #times = { add: Date.now(), start: 0, modify: Date.now(), end: 0 };
  #activeMs = 0;
  #runningSince = 0;
  #measured = { at: 0, bytes: 0, kbps: 0 };
  #stopped = false;
  #retryTimer: NodeJS.Timeout | undefined;
  #ticker: NodeJS.Timeout | undefined;
  #waiters: ((info: TransferInfo) => void)[] = [];

  constructor(
    readonly uuid: string,
    readonly spec: RapidTransferSpec,
    private readonly title: string,
    private readonly retries: number,
    private readonly engine: TransferEngine,
    private readonly options: Required<EngineOptions>,
  ) {
    super();
  }

  info(): TransferInfo {
    const live = this.#session;
    const counters = live ? live.counters : this.#counters;
    const running = this.#runningSince > 0 ? Date.now() - this.#runningSince : 0;
    return toTransferInfo({
      uuid: this.uuid,
      title: this.title,
      status: this.status,
      previousStatus: this.#previous,
      addMs: this.#times.add,
      startMs: this.#times.start,
      modifyMs: this.#times.modify,
      endMs: this.#times.end,
      activeMs: this.#activeMs + running,
      counters,
      files: live ? live.files : this.#files,
      rateKbps: this.status === 'running' ? this.#measured.kbps : 0,
      spec: redactSpec(this.spec),
      transport: live ? live.transport : this.#transport,
      retryCount: Math.max(0, this.#attempt - 1),
      errorCode: this.#error.code,
      errorDesc: this.#error.desc,
      iteration: this.engine.nextIteration(),
      explorerPath: this.spec.direction === 'receive' ? (this.spec.destination_root ?? '') : '',
    });
  }

  done(): Promise<TransferInfo> {
    if (FINAL.has(this.status)) return Promise.resolve(this.info());
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  setStatus(status: TransferStatus): void {
    if (status === this.status) return;
    this.#previous = this.status;
    this.status = status;
    this.#times.modify = Date.now();
    if (status === 'running') {
      if (this.#times.start === 0) this.#times.start = Date.now();
      this.#runningSince = Date.now();
      this.#ticker ??= setInterval(() => this.#tick(), this.options.progressIntervalMs);
    } else if (this.#runningSince > 0) {
      this.#activeMs += Date.now() - this.#runningSince;
      this.#runningSince = 0;
    }
    if (FINAL.has(status)) {
      this.#times.end = Date.now();
      clearInterval(this.#ticker);
      this.#ticker = undefined;
    } else this.#times.end = 0;
    const info = this.info();
    this.emit('progress', info);
    if (FINAL.has(status)) for (const waiter of this.#waiters.splice(0)) waiter(info);
  }

  #tick(): void {
    const live = this.#session;
    if (!live || this.status !== 'running') return;
    const now = performance.now();
    const bytes = live.counters.bytesTransferred;
    if (this.#measured.at > 0 && now > this.#measured.at) {
      const kbps = ((bytes - this.#measured.bytes) * 8) / (now - this.#measured.at);
      this.#measured.kbps = this.#measured.kbps === 0 ? kbps : 0.5 * this.#measured.kbps + 0.5 * kbps;
    }
    this.#measured.at = now;
    this.#measured.bytes = bytes;
    this.#times.modify = Date.now();
    this.emit('progress', this.info());
  }

  /** One attempt; the engine calls this when a slot is free. */
  async run(): Promise<void> {
    this.#attempt++;
    this.#error = { code: 0, desc: '' };
    const session = new ClientSession(this.spec, {
      probeTimeoutMs: this.options.probeTimeoutMs,
      stallMs: this.options.stallMs,
    });
    if (this.#rate) session.setRate(this.#rate);
    this.#session = session;
    this.#measured = { at: 0, bytes: 0, kbps: 0 };
    this.setStatus('running');
    let outcome: TransferStatus;
    try {
      await session.run();
      const failed = session.files.find((file) => file.status === 'failed');
      if (failed) this.#error = { code: failed.errorCode, desc: `${failed.path}: ${failed.errorDesc}` };
      // A file that failed for a passing reason (a disk error, a previous session still closing) is tried again;
      // the files that completed are not sent twice, resume skips them.
      const retryFile = failed && isRetryableCode(failed.errorCode) && this.#attempt <= this.retries;
      outcome = !failed ? 'completed' : retryFile && !this.#stopped ? 'willretry' : 'failed';
    } catch (error) {
      const failure = error instanceof SessionError ? error : new SessionError(12, String(error), true);
      this.#error = { code: failure.code, desc: failure.message };
      if (this.#stopped || failure.code === 28) outcome = 'cancelled';
      else if (failure.retryable && this.#attempt <= this.retries) outcome = 'willretry';
      else outcome = 'failed';
    }
    this.#files = session.files.map((file) => ({ ...file }));
    this.#counters = { ...session.counters };
    this.#transport = session.transport;
    this.#session = undefined;
    if (outcome === 'willretry') {
      this.setStatus('willretry');
      this.#retryTimer = setTimeout(
        () => {
          this.#retryTimer = undefined;
          if (this.status === 'willretry') this.engine.enqueue(this);
        },
        retryDelayMs(this.#attempt, this.options.retryBaseMs),
      );
    } else this.setStatus(outcome);
  }

  stop(): void {
    if (FINAL.has(this.status)) return;
    this.#stopped = true;
    clearTimeout(this.#retryTimer);
    if (this.#session) this.#session.abort(new SessionError(28, 'stopped by the user', false));
    else {
      this.#error = { code: 28, desc: 'stopped by the user' };
      this.engine.dequeue(this);
      this.setStatus('cancelled');
    }
  }

  resume(): void {
    if (this.status !== 'cancelled' && this.status !== 'failed') return;
    this.#stopped = false;
    this.#attempt = 0;
    this.engine.enqueue(this);
  }

  modifyRate(requested: Partial<RateSettings>): RateSettings {
    const applied = this.#session?.setRate(requested);
    this.#rate = applied ?? {
      ...(this.#rate ?? {
        target_rate_kbps: this.spec.target_rate_kbps ?? 1_000_000,
        min_rate_kbps: this.spec.min_rate_kbps ?? 0,
        rate_policy: this.spec.rate_policy ?? 'fair',
      }),
      ...requested,
    };
    return this.#rate;
  }
}

/**
 * The client engine the daemon drives: starts transfers from transfer specs, queues beyond `maxActive`, retries
 * retryable failures with back-off, and reports Connect-shaped `TransferInfo` records.
 */
export class TransferEngine {
  #transfers = new Map<string, Transfer>();
  #queue: Transfer[] = [];
  #active = new Set<Transfer>();
  /** Resumed while their last attempt was still unwinding (after `done()` settled): run again once it has. */
  #again = new Set<Transfer>();
  #iteration = 0;
  readonly #options: Required<EngineOptions>;

  constructor(options: EngineOptions = {}) {
    this.#options = {
      maxActive: options.maxActive ?? 4,
      retryBaseMs: options.retryBaseMs ?? 2000,
      probeTimeoutMs: options.probeTimeoutMs ?? 3000,
      stallMs: options.stallMs ?? 20_000,
      progressIntervalMs: options.progressIntervalMs ?? 250,
    };
  }

  /** Validates the spec (throws on an invalid one) and starts or queues the transfer. */
  start(spec: unknown, options: StartOptions = {}): TransferHandle {
    const parsed = rapidTransferSpec.parse(spec);
    const uuid = options.uuid ?? randomUUID();
    const title =
      options.title ??
      (parsed.paths.length === 1
        ? basename(parsed.paths[0]?.destination ?? parsed.paths[0]?.source ?? '')
        : `${parsed.paths.length} files`);
    const transfer = new Transfer(
      uuid,
      parsed,
      title,
      options.retries ?? parsed.xfer_retries ?? 3,
      this,
      this.#options,
    );
    this.#transfers.set(uuid, transfer);
    queueMicrotask(() => this.enqueue(transfer));
    return transfer;
  }

  get(uuid: string): TransferHandle | undefined {
    return this.#transfers.get(uuid);
  }

  list(): TransferInfo[] {
    return [...this.#transfers.values()].map((transfer) => transfer.info());
  }

  /** Stops every transfer (for shutdown). */
  stopAll(): void {
    for (const transfer of this.#transfers.values()) transfer.stop();
  }

  nextIteration(): number {
    return ++this.#iteration;
  }

  enqueue(transfer: Transfer): void {
    if (this.#active.has(transfer) && FINAL.has(transfer.status)) {
      this.#again.add(transfer);
      transfer.setStatus('initiating');
    }
    if (this.#queue.includes(transfer) || this.#active.has(transfer)) return;
    this.#queue.push(transfer);
    if (this.#active.size >= this.#options.maxActive) transfer.setStatus('queued');
    this.#pump();
  }

  dequeue(transfer: Transfer): void {
    this.#queue = this.#queue.filter((queued) => queued !== transfer);
  }

  #pump(): void {
    while (this.#active.size < this.#options.maxActive && this.#queue.length > 0) {
      const transfer = this.#queue.shift() as Transfer;
      this.#active.add(transfer);
      transfer.run().finally(() => {
        this.#active.delete(transfer);
        if (this.#again.delete(transfer)) this.enqueue(transfer);
        this.#pump();
      });
    }
  }
}
