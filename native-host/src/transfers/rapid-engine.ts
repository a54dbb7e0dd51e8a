import { isAbsolute, join } from 'node:path';
import type { AuthSpec, RateChange } from '@rapid/protocol';
import {
  isRetryableCode,
  TransferEngine as Rapid1Engine,
  type TransferHandle,
  type TransferInfo,
} from '@rapid/transfer';
import {
  EngineError,
  type EngineEvent,
  type EngineListener,
  type EngineTransfer,
  type TransferEngine,
} from './engine.ts';

interface Running {
  handle: TransferHandle;
  onInfo: (info: TransferInfo) => void;
}

const FILE_OUTCOMES = new Set(['completed', 'failed', 'skipped']);

/**
 * The real engine behind the daemon's seam: the rapid/1 client of `transfer/`. The daemon queues and retries (its
 * records persist, and pages see `willretry`), so the engine runs what it is given at once and never retries.
 */
export class RapidEngine implements TransferEngine {
  readonly #engine = new Rapid1Engine({ maxActive: Number.MAX_SAFE_INTEGER });
  readonly #running = new Map<string, Running>();

  start(transfer: EngineTransfer, listener: EngineListener): void {
    this.#detach(transfer.id);
    const handle = this.#engine.start(specFor(transfer), { uuid: transfer.id, retries: 0 });
    this.#attach(transfer.id, handle, listener);
  }

  /** Starting again finds the `.partial` checkpoints, so only missing bytes move (the spec's resume policy). */
  resume(transfer: EngineTransfer, listener: EngineListener): void {
    const running = this.#running.get(transfer.id);
    if (!running) {
      this.start(transfer, listener);
      return;
    }
    this.#detach(transfer.id);
    this.#attach(transfer.id, running.handle, listener);
    running.handle.resume();
  }

  async stop(id: string): Promise<void> {
    const running = this.#running.get(id);
    if (!running) return;
    running.handle.off('progress', running.onInfo);
    running.handle.stop();
    await running.handle.done();
  }

  async modifyRate(id: string, rate: RateChange): Promise<void> {
    const running = this.#running.get(id);
    if (!running) throw new EngineError(20, `No running transfer ${id}`);
    const { target_rate_kbps, min_rate_kbps, rate_policy } = rate;
    running.handle.modifyRate({
      ...(target_rate_kbps === undefined ? {} : { target_rate_kbps }),
      ...(min_rate_kbps === undefined ? {} : { min_rate_kbps }),
      ...(rate_policy === undefined ? {} : { rate_policy }),
    });
  }

  async authenticate(_auth: AuthSpec): Promise<void> {
    // rapid/1 carries no account login to try out: the node checks the transfer token when a transfer starts.
    throw new EngineError(
      20,
      'Rapid checks credentials when a transfer starts; there is nothing to check ahead.',
    );
  }

  #attach(id: string, handle: TransferHandle, listener: EngineListener) {
    const reported = new Set<string>();
    let started = false;
    const onInfo = (info: TransferInfo) => {
      for (const event of eventsFor(info, reported, started)) {
        if (event.type === 'started') started = true;
        listener(event);
      }
    };
    this.#running.set(id, { handle, onInfo });
    handle.on('progress', onInfo);
  }

  #detach(id: string) {
    const running = this.#running.get(id);
    running?.handle.off('progress', running.onInfo);
  }
}

/** Relative download destinations land in the daemon's download folder; sources are the user's own paths. */
function specFor({ spec, downloadFolder }: EngineTransfer): Record<string, unknown> {
  if (spec.direction !== 'receive') return spec;
  const root = typeof spec.destination_root === 'string' ? spec.destination_root : '';
  return { ...spec, destination_root: isAbsolute(root) ? root : join(downloadFolder, root) };
}

/** The daemon's events for one engine record: started once, file outcomes once each, progress, the end. */
export function eventsFor(info: TransferInfo, reported: Set<string>, started: boolean): EngineEvent[] {
  const events: EngineEvent[] = [];
  if (!started && (info.status === 'running' || info.status === 'completed'))
    events.push({ type: 'started', transport: info.transport });
  if (info.status === 'running' || info.status === 'completed') {
    events.push({
      type: 'progress',
      bytes_written: info.bytes_written,
      bytes_expected: info.bytes_expected,
      rate_kbps: info.calculated_rate_kbps,
      current_file: info.current_file,
      files: info.files.map(({ file, bytes_expected, bytes_written }) => ({
        file,
        bytes_expected,
        bytes_written,
      })),
    });
  }
  for (const file of info.files) {
    if (!FILE_OUTCOMES.has(file.status) || reported.has(file.file)) continue;
    reported.add(file.file);
    events.push({
      type: 'file-done',
      file: file.file,
      outcome: file.status as 'completed' | 'failed' | 'skipped',
    });
  }
  if (info.status === 'completed') events.push({ type: 'completed' });
  if (info.status === 'failed')
    events.push({
      type: 'failed',
      code: info.error_code,
      description: info.error_desc,
      retryable: isRetryableCode(info.error_code),
    });
  return events;
}
