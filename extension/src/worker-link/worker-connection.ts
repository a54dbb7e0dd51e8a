import { type WorkerToFrame, workerToFrame } from '@rapid/protocol';

/** One runtime port to the service worker, as the browser gives it. */
export interface RawPort {
  post(message: unknown): void;
  close(): void;
}

export type OpenPort = (onMessage: (message: unknown) => void, onClosed: () => void) => RawPort;

export interface ConnectionHandlers {
  /** A reply or a native disconnect for this frame. */
  onMessage(message: Exclude<WorkerToFrame, { kind: 'ready' }>): void;
  /** The worker went away (or never answered); whatever was in flight will not be answered. */
  onLost(): void;
}

/**
 * The content script's (and the popup's) link to the service worker. MV3 workers are stopped and restarted at will;
 * a port opened while one is being torn down can stay open yet deliver nothing. So every port must be confirmed
 * by the worker's `ready` before it carries a message: until then messages wait, and a port not confirmed in time
 * is closed and opened again, a few times, before the loss is reported.
 */
export class WorkerConnection {
  #port: RawPort | undefined;
  #ready = false;
  #waiting: unknown[] = [];
  #attempts = 0;
  #readyTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly open: OpenPort,
    private readonly handlers: ConnectionHandlers,
    private readonly readyTimeoutMs = 1000,
    private readonly maxAttempts = 3,
  ) {}

  post(message: unknown): void {
    if (this.#port && this.#ready) {
      this.#port.post(message);
      return;
    }
    this.#waiting.push(message);
    this.#ensureOpen();
  }

  close(): void {
    const port = this.#port;
    this.#reset();
    port?.close();
  }

  #ensureOpen() {
    if (this.#port) return;
    this.#attempts += 1;
    const port: RawPort = this.open(
      (raw) => this.#onMessage(port, raw),
      () => this.#onClosed(port),
    );
    this.#port = port;
    this.#ready = false;
    this.#readyTimer = setTimeout(() => this.#onReadyTimeout(port), this.readyTimeoutMs);
  }

  #onMessage(port: RawPort, raw: unknown) {
    if (port !== this.#port) return;
    const message = workerToFrame.safeParse(raw);
    if (!message.success) return;
    if (message.data.kind !== 'ready') {
      this.handlers.onMessage(message.data);
      return;
    }
    clearTimeout(this.#readyTimer);
    this.#ready = true;
    this.#attempts = 0;
    for (const waiting of this.#waiting.splice(0)) port.post(waiting);
  }

  #onClosed(port: RawPort) {
    if (port !== this.#port) return;
    this.#reset();
    this.handlers.onLost();
  }

  #onReadyTimeout(port: RawPort) {
    if (port !== this.#port || this.#ready) return;
    this.#port = undefined;
    port.close();
    if (this.#attempts < this.maxAttempts) {
      this.#ensureOpen();
      return;
    }
    this.#reset();
    this.handlers.onLost();
  }

  #reset() {
    clearTimeout(this.#readyTimer);
    this.#port = undefined;
    this.#ready = false;
    this.#waiting = [];
    this.#attempts = 0;
  }
}
