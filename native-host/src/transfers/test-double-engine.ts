import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuthSpec, RateChange } from '@rapid/protocol';
import { EngineError, type EngineListener, type EngineTransfer, type TransferEngine } from './engine.ts';

export interface TestDoubleEngineOptions {
  /** Time between progress events. */
  tickMs: number;
  /** Bytes each file advances per tick (the whole transfer moves one file at a time). */
  bytesPerTick: number;
  /** Size every path pretends to have. */
  fileBytes: number;
  /** Remembers bytes written per transfer here, so a resumed run in a new daemon continues where it stopped. */
  stateDir?: string;
}

/** Fails a transfer whose spec carries `tags.test_double = {fail_at_bytes, code, retryable, times?}`. */
interface InjectedFailure {
  fail_at_bytes: number;
  code: number;
  retryable?: boolean;
  /** Fail only the first N runs (default: every run). */
  times?: number;
}

interface Run {
  timer: NodeJS.Timeout;
  rate: RateChange;
}

/**
 * TEST DOUBLE. Deterministic stand-in for the transfer engine: fixed-size files advance a fixed number of bytes
 * per tick, failures are injected through the spec's tags. Selected only by explicit test configuration.
 */
export class TestDoubleEngine implements TransferEngine {
  readonly runs = new Map<string, Run>();
  readonly started: string[] = [];
  readonly rateChanges: { id: string; rate: RateChange }[] = [];
  readonly #attempts = new Map<string, number>();

  constructor(readonly options: TestDoubleEngineOptions) {
    if (options.stateDir) mkdirSync(options.stateDir, { recursive: true });
  }

  start(transfer: EngineTransfer, listener: EngineListener): void {
    this.#clearState(transfer.id);
    this.#run(transfer, listener);
  }

  resume(transfer: EngineTransfer, listener: EngineListener): void {
    this.#run(transfer, listener);
  }

  async stop(id: string): Promise<void> {
    const run = this.runs.get(id);
    if (run) clearInterval(run.timer);
    this.runs.delete(id);
  }

  async modifyRate(id: string, rate: RateChange): Promise<void> {
    const run = this.runs.get(id);
    if (!run) throw new EngineError(20, `No running transfer ${id}`);
    run.rate = { ...run.rate, ...rate };
    this.rateChanges.push({ id, rate });
  }

  async authenticate(auth: AuthSpec): Promise<void> {
    if (auth.remote_password === 'wrong') throw new EngineError(19, 'Authentication failed');
  }

  #run(transfer: EngineTransfer, listener: EngineListener) {
    void this.stop(transfer.id);
    this.started.push(transfer.id);
    const attempt = (this.#attempts.get(transfer.id) ?? 0) + 1;
    this.#attempts.set(transfer.id, attempt);
    const failure = transfer.spec.tags?.test_double as InjectedFailure | undefined;
    const failing = failure && (failure.times === undefined || attempt <= failure.times);
    const files = transfer.spec.paths.map((path) => path.destination || path.source);
    const total = files.length * this.options.fileBytes;
    let written = Math.min(this.#savedBytes(transfer.id), total);
    queueMicrotask(() => listener({ type: 'started', transport: 'fasp' }));
    const timer = setInterval(() => {
      written = Math.min(total, written + this.options.bytesPerTick);
      if (failing && written >= failure.fail_at_bytes) {
        void this.stop(transfer.id);
        listener({
          type: 'failed',
          code: failure.code,
          description: `Injected failure ${failure.code}`,
          retryable: failure.retryable ?? false,
        });
        return;
      }
      this.#saveBytes(transfer.id, written);
      const fileIndex = Math.min(files.length - 1, Math.floor((written - 1) / this.options.fileBytes));
      listener({
        type: 'progress',
        bytes_written: written,
        bytes_expected: total,
        rate_kbps: Math.round((this.options.bytesPerTick * 8) / this.options.tickMs),
        current_file: files[fileIndex] ?? '',
        files: files.slice(0, fileIndex + 1).map((file, index) => ({
          file,
          bytes_expected: this.options.fileBytes,
          bytes_written: Math.min(this.options.fileBytes, written - index * this.options.fileBytes),
        })),
      });
      if (written >= total) {
        void this.stop(transfer.id);
        for (const file of files) listener({ type: 'file-done', file, outcome: 'completed' });
        listener({ type: 'completed' });
      }
    }, this.options.tickMs);
    this.runs.set(transfer.id, { timer, rate: {} });
  }

  #savedBytes(id: string): number {
    if (!this.options.stateDir) return 0;
    try {
      return Number(readFileSync(join(this.options.stateDir, id), 'utf8')) || 0;
    } catch {
      return 0;
    }
  }

  /** Written aside and renamed into place: a SIGKILL between truncate and write would leave "" and restart at 0. */
  #saveBytes(id: string, bytes: number) {
    if (!this.options.stateDir) return;
    const file = join(this.options.stateDir, id);
    writeFileSync(`${file}.part`, String(bytes));
    renameSync(`${file}.part`, file);
  }

  #clearState(id: string) {
    this.#saveBytes(id, 0);
  }
}
