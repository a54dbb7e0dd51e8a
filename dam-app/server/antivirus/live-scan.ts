import type { ClamdAddress, ScanVerdict } from './clamd-client.ts';
import { scanStream } from './clamd-client.ts';

/** What clamd may lag behind the upload before the upload waits for it: memory stays flat whatever the speeds. */
const MAX_QUEUED_BYTES = 8 * 1024 * 1024;

/**
 * One INSTREAM to clamd fed as an upload's bytes land (issue 30: scanning the whole file after the upload ended added
 * 400 % to "upload complete → asset visible" for 100 MiB). It only ever holds the bytes from offset 0 on, in order:
 * `offset` is what it was fed, and its owner checks it against what was stored. Its verdict counts only when it is a
 * clear clean or infected for exactly the stored bytes; anything else (clamd hung up, timed out on a paused upload,
 * refused the length) is `undefined`, and the caller scans the file whole as before — the rules stay those of
 * R-UPLOAD-SCAN, this only moves the work earlier.
 */
export class LiveScan {
  offset = 0;
  private queue: Buffer[] = [];
  private queued = 0;
  private ended = false;
  private over = false;
  private wake: (() => void) | undefined;
  private roomWaiters: (() => void)[] = [];
  private readonly verdict: Promise<ScanVerdict>;
  /** Settles when the session is over, with or without a verdict. */
  readonly done: Promise<unknown>;

  constructor(address: ClamdAddress) {
    this.verdict = scanStream(address, this.chunks()).finally(() => {
      this.over = true;
      this.release();
    });
    this.done = this.verdict;
  }

  /** Whether it can still give a verdict (clamd has not answered early, it was not abandoned). */
  get live(): boolean {
    return !this.over;
  }

  /** Queues the next bytes; resolves once clamd has taken enough of the queue (at once if the scan is over). */
  async feed(chunk: Buffer): Promise<void> {
    // A zero length is INSTREAM's end mark: an empty chunk must never reach clamd.
    if (this.over || this.ended || chunk.byteLength === 0) return;
    this.queue.push(chunk);
    this.queued += chunk.byteLength;
    this.offset += chunk.byteLength;
    this.wake?.();
    while (this.queued > MAX_QUEUED_BYTES && !this.over)
      await new Promise<void>((r) => this.roomWaiters.push(r));
  }

  /** The verdict on the bytes fed, when they are exactly `size` bytes and clamd said clean or infected. */
  async finish(size: number): Promise<ScanVerdict | undefined> {
    if (this.offset !== size) {
      this.abandon();
      return undefined;
    }
    this.ended = true;
    this.wake?.();
    const verdict = await this.verdict;
    return verdict.result === 'unscanned' ? undefined : verdict;
  }

  /** Ends the session without a verdict (the stored bytes and the fed ones parted). */
  abandon(): void {
    this.over = true;
    this.queue = [];
    this.queued = 0;
    this.wake?.();
    this.release();
  }

  private release() {
    for (const waiter of this.roomWaiters.splice(0)) waiter();
  }

  private async *chunks(): AsyncGenerator<Buffer> {
    for (;;) {
      const chunk = this.queue.shift();
      if (chunk) {
        this.queued -= chunk.byteLength;
        if (this.queued <= MAX_QUEUED_BYTES) this.release();
        yield chunk;
        continue;
      }
      // Abandoned: throwing ends the session (scanStream destroys the socket) rather than sending the end mark.
      if (this.over) throw new Error('the live scan was abandoned');
      if (this.ended) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = undefined;
    }
  }
}
