import { TRANSFER_MESSAGES } from '../../../api/transfer-messages.ts';
import type { NodeReader, NodeTransfer } from './node-reader.ts';
import type { ProgressStore, UploadEntry } from './progress-record.ts';

/**
 * R-TRANSFER-TIMINGS timings (start, retry, poll). A step that throws (the DAM or the node unreachable, a bad answer) is tried
 * again after the retry delay, doubled at each failure up to a ceiling; after the last attempt the monitor gives up.
 */
export const MONITOR_TIMING = {
  startDelayMs: 1000,
  retryDelayMs: 1000,
  pollMs: 1000,
  maxRetryDelayMs: 30_000,
  maxStepAttempts: 10,
} as const;

/** The utils actions of the upload flow (R-UPLOAD-ACTIONS), as the DAM server offers them. */
export interface UploadActions {
  sessionStart(cookie: string, path: string): Promise<unknown>;
  fileFinish(cookie: string, paths: string[]): Promise<unknown>;
  sessionFinish(cookie: string, path: string): Promise<unknown>;
  /** R-UPLOAD-ERROR: the client-window message and the node's error code. */
  errorUpload(id: string, message: string, code: number): Promise<unknown>;
  cancelledUpload(id: string, filename: string): Promise<unknown>;
}

/** How monitoring ended; `error` is a step that kept failing until the monitor gave up. */
export type MonitorOutcome = 'completed' | 'failed' | 'cancelled' | 'unauthorized' | 'not-found' | 'error';

export interface MonitorEvents {
  /** R-UPLOAD-SESSION-START: first sight of the transfer on the node. */
  onSeen?(cookie: string, transfer: NodeTransfer): void;
  onProgress?(cookie: string, transfer: NodeTransfer): void;
  /** Monitoring ended: the reload warning goes (R-UPLOAD-SESSION-FINISH, R-NODE-FAULTS 401/404). */
  onEnd(cookie: string, outcome: MonitorOutcome): void;
  log(message: string): void;
}

/** The node spells it `canceled` (error code 28); Connect spells it `cancelled`. */
const CANCELLED = new Set(['cancelled', 'canceled']);

/** The node's error code; a failed transfer without one still failed (-1). */
const errorCodeOf = (transfer: NodeTransfer): number =>
  (transfer.error_code ?? 0) !== 0 ? (transfer.error_code as number) : transfer.status === 'failed' ? -1 : 0;

/**
 * R-UPLOAD-FIND, R-UPLOAD-SESSION-START, R-UPLOAD-FILE-FINISH, R-UPLOAD-SESSION-FINISH, R-UPLOAD-ERROR, R-UPLOAD-CANCELLED, R-UPLOAD-RESUME for one upload: find the transfer by its cookie on the node, then poll it about
 * every second (never two polls at once), report newly completed files once each, and finish, fail or cancel the
 * session on the DAM. Everything it did is in the progress record, so a reload picks up where it stopped.
 */
export class UploadMonitor {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #pending = false;
  #stopped = false;
  /** Failures in a row of the steps since the last one that succeeded. */
  #failures = 0;

  constructor(
    readonly cookie: string,
    private readonly destination: string,
    private readonly node: NodeReader,
    private readonly actions: UploadActions,
    private readonly store: ProgressStore,
    private readonly events: MonitorEvents,
  ) {}

  /** Step 4: monitoring begins after the start delay. */
  start(delayMs: number = MONITOR_TIMING.startDelayMs) {
    this.#schedule(() => this.#find(), delayMs);
  }

  stop() {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  /**
   * Step 10 when the person cancels here: the page knows it is a cancel without waiting for the node's word (a
   * stopped client can also look like a lost connection there). The id is the node's, as the monitor found it.
   */
  async cancel(filename = '') {
    const id = this.#entry()?.transferId;
    this.stop();
    if (id) await this.actions.cancelledUpload(id, filename);
    this.store.update(this.cookie, (entry) => ({ ...entry, cancelled: true, paused: false }));
    this.events.onEnd(this.cookie, 'cancelled');
  }

  #schedule(step: () => Promise<void>, delay: number) {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      step().then(
        () => {
          this.#failures = 0;
        },
        (error: unknown) => this.#failed(step, error instanceof Error ? error.message : String(error)),
      );
    }, delay);
  }

  #failed(step: () => Promise<void>, message: string) {
    this.events.log(message);
    this.#failures++;
    if (this.#failures >= MONITOR_TIMING.maxStepAttempts) {
      // Given up: recorded as an error, so a reload does not monitor it again, and the reload warning goes.
      this.store.update(this.cookie, (entry) => ({ ...entry, error: message }));
      this.#end('error');
      return;
    }
    const backOff = MONITOR_TIMING.retryDelayMs * 2 ** (this.#failures - 1);
    this.#schedule(step, Math.min(backOff, MONITOR_TIMING.maxRetryDelayMs));
  }

  #entry(): UploadEntry | undefined {
    return this.store.entry(this.cookie);
  }

  #end(outcome: MonitorOutcome) {
    this.stop();
    this.events.onEnd(this.cookie, outcome);
  }

  /**
   * Step 5: the transfer is the newest one whose cookie matches; not there yet means another look in a second. A
   * resumed transfer may be a new record on the node: `again` looks for it even when one is known.
   */
  async #find(again = false) {
    const known = this.#entry()?.transferId;
    if (known && !again) {
      this.#schedule(() => this.#poll(), 0);
      return;
    }
    const answer = await this.node.summary(this.cookie);
    if (this.#refused(answer.kind)) return;
    const found =
      answer.kind === 'ok'
        ? answer.data.filter((each) => each.start_spec?.cookie === this.cookie).at(-1)
        : undefined;
    if (!found) {
      if (answer.kind === 'garbage') this.events.log(TRANSFER_MESSAGES.nodeDataMissing);
      this.#schedule(() => this.#find(again), MONITOR_TIMING.retryDelayMs);
      return;
    }
    this.store.update(this.cookie, (entry) => ({ ...entry, transferId: found.id }));
    if (!known) {
      // Step 6: the session starts once, on first sight.
      await this.actions.sessionStart(this.cookie, this.destination);
      this.events.onSeen?.(this.cookie, found);
    }
    this.#schedule(() => this.#poll(), 0);
  }

  #refused(kind: string): boolean {
    if (kind === 'unauthorized') {
      this.events.log(TRANSFER_MESSAGES.nodeUnauthorized);
      this.#end('unauthorized');
      return true;
    }
    if (kind === 'not-found') {
      this.events.log(TRANSFER_MESSAGES.nodeNotFound);
      this.#end('not-found');
      return true;
    }
    return false;
  }

  /** Steps 6–10, once: only when no earlier poll is pending. */
  async #poll() {
    if (this.#pending) return;
    const id = this.#entry()?.transferId;
    if (!id) return;
    this.#pending = true;
    try {
      const answer = await this.node.transfer(id);
      if (this.#refused(answer.kind)) return;
      if (answer.kind !== 'ok') {
        this.events.log(TRANSFER_MESSAGES.nodeDataMissing);
        this.#schedule(() => this.#poll(), MONITOR_TIMING.pollMs);
        return;
      }
      await this.#handle(answer.data);
    } finally {
      this.#pending = false;
    }
  }

  async #handle(transfer: NodeTransfer) {
    this.events.onProgress?.(this.cookie, transfer);
    const processed = new Set(this.#entry()?.processed ?? []);
    // Step 7: newly completed files, reported, then recorded as processed.
    const fresh = (transfer.files ?? [])
      .filter((file) => file.status === 'completed')
      .map((file) => file.path)
      .filter((path) => !processed.has(path));
    if (fresh.length > 0) {
      await this.actions.fileFinish(this.cookie, fresh);
      this.store.update(this.cookie, (entry) => ({
        ...entry,
        processed: [...new Set([...entry.processed, ...fresh])],
      }));
    }
    const cancelled = CANCELLED.has(transfer.status);
    if (cancelled && this.#entry()?.paused) {
      this.#schedule(() => this.#find(true), MONITOR_TIMING.pollMs);
      return;
    }
    if (cancelled) {
      // Step 10.
      const pending = (transfer.files ?? []).find((file) => file.status !== 'completed');
      await this.actions.cancelledUpload(transfer.id, pending?.path ?? '');
      this.store.update(this.cookie, (entry) => ({ ...entry, cancelled: true }));
      this.#end('cancelled');
      return;
    }
    const code = errorCodeOf(transfer);
    if (code !== 0) {
      // Step 9: any error code other than 0 ends it, whatever status the node still gives (a transfer the client
      // would retry is `waiting` with its code): polling stops and the DAM hears the node's code.
      await this.actions.errorUpload(transfer.id, TRANSFER_MESSAGES.seeClientWindow, code);
      this.store.update(this.cookie, (entry) => ({ ...entry, error: transfer.error_desc ?? 'failed' }));
      this.#end('failed');
      return;
    }
    if (transfer.status === 'completed' && fresh.length === 0) {
      // Step 8.
      await this.actions.sessionFinish(this.cookie, this.destination);
      this.store.complete(this.cookie);
      this.#end('completed');
      return;
    }
    this.#schedule(() => this.#poll(), fresh.length > 0 ? 0 : MONITOR_TIMING.pollMs);
  }
}
