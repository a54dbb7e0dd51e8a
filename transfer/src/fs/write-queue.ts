import { fdatasync, writev } from 'node:fs';

const IOV_MAX = 1024;

/**
 * Positional writes on the thread pool so a receiver's event loop keeps draining its socket while the disk works:
 * contiguous blocks coalesce into one `writev` of up to `runBytes`; `onWritten` reports each range only once it is
 * in the file. One `writev` at a time: concurrent writes to one file serialize on the inode lock in the kernel, and
 * the waiting threads spin on it (measured: 2–3× the system CPU of the same bytes written one run after another). Other work on the descriptor (a data sync) joins through `track`, so the owner can wait for idle
 * before it closes the descriptor.
 */
export class WriteQueue {
  #run: { start: number; end: number; chunks: Buffer[] } | undefined;
  #inFlight = 0;
  #ops = 0;
  #writes: (() => void)[] = [];
  #writing = false;
  #idle: (() => void)[] = [];
  error: Error | undefined;

  constructor(
    private readonly fd: number,
    private readonly onWritten: (start: number, end: number) => void,
    private readonly onError: (error: Error) => void,
    private readonly runBytes = 4 * 1024 * 1024,
    private readonly syncData: typeof fdatasync = fdatasync,
  ) {}

  /** Bytes accepted but not yet in the file. */
  get bufferedBytes(): number {
    return this.#inFlight + (this.#run ? this.#run.end - this.#run.start : 0);
  }

  get busy(): boolean {
    return this.#ops > 0 || this.#run !== undefined;
  }

  add(offset: number, data: Buffer): void {
    const run = this.#run;
    if (run && run.end === offset && run.end - run.start < this.runBytes && run.chunks.length < IOV_MAX) {
      run.chunks.push(data);
      run.end += data.length;
    } else {
      this.submit();
      this.#run = { start: offset, end: offset + data.length, chunks: [data] };
    }
    const current = this.#run as { start: number; end: number };
    if (current.end - current.start >= this.runBytes) this.submit();
  }

  /** Starts writing the blocks still being coalesced. */
  submit(): void {
    const run = this.#run;
    if (!run) return;
    this.#run = undefined;
    const bytes = run.end - run.start;
    this.#inFlight += bytes;
    this.track((done) =>
      this.#serially((next) =>
        writev(this.fd, run.chunks, run.start, (error, written) => {
          this.#inFlight -= bytes;
          if (!error && written !== bytes) error = new Error(`short write: ${written} of ${bytes} bytes`);
          if (error) this.#fail(error);
          else this.onWritten(run.start, run.end);
          next();
          done();
        }),
      ),
    );
  }

  /**
   * Submits what is buffered, then, once every write before it is in the file, calls `snapshot` (what the sync will
   * cover is exactly what has been reported written) and syncs the data; `then` gets the sync's outcome. Writes
   * queued meanwhile go on beside the sync: it covers at least what the snapshot saw, and a write that waited for a
   * sync of the disk's speed would stall the receiver at every checkpoint. The queue counts as busy until the
   * promise `then` returns (if any) settles.
   */
  sync(snapshot: () => void, then: (error: Error | null) => void | Promise<void>): void {
    this.submit();
    this.track((done) =>
      this.#serially((next) => {
        snapshot();
        next();
        this.syncData(this.fd, (error) => {
          void Promise.resolve(then(error))
            .catch(() => {})
            .finally(done);
        });
      }),
    );
  }

  /** Runs `write` once the writes queued before it have finished. */
  #serially(write: (next: () => void) => void): void {
    this.#writes.push(() => write(() => this.#nextWrite()));
    if (!this.#writing) this.#nextWrite();
  }

  #nextWrite(): void {
    const write = this.#writes.shift();
    this.#writing = write !== undefined;
    write?.();
  }

  /** Runs an asynchronous operation on the descriptor, counted until it calls `done`. */
  track(operation: (done: () => void) => void): void {
    this.#ops++;
    operation(() => {
      this.#ops--;
      if (this.#ops === 0) for (const resolve of this.#idle.splice(0)) resolve();
    });
  }

  /** Submits what is buffered and resolves once nothing is in flight (rejects after a failed write). */
  async drain(): Promise<void> {
    this.submit();
    if (this.#ops > 0) await new Promise<void>((resolve) => this.#idle.push(resolve));
    if (this.error) throw this.error;
  }

  /** Calls `then` once nothing is in flight, at once when idle; never rejects. */
  whenIdle(then: () => void): void {
    this.submit();
    if (this.#ops === 0) then();
    else this.#idle.push(then);
  }

  #fail(error: Error): void {
    if (this.error) return;
    this.error = error;
    this.onError(error);
  }
}
