import type { Duplex } from 'node:stream';
import type { ControlMessage } from '@rapid/protocol';
import { ControlDecoder, encodeControl } from '../wire/control-framing.ts';

type Handler = (message: ControlMessage) => void;

/**
 * One end of the control channel over any byte stream (a TLS socket in production). Messages that arrive before a
 * handler is attached wait in order; `next(type)` awaits one message of a type for the request/response steps.
 */
export class ControlLink {
  #decoder = new ControlDecoder();
  #handler: Handler | undefined;
  #backlog: ControlMessage[] = [];
  #closed = false;
  #onClose: ((error?: Error) => void)[] = [];
  #pending: Buffer[] = [];
  #watchers = new Map<ControlMessage['t'], () => void>();

  constructor(readonly stream: Duplex) {
    stream.on('data', (chunk: Buffer) => {
      let messages: ControlMessage[];
      try {
        messages = this.#decoder.push(chunk);
      } catch (error) {
        this.#finish(error as Error);
        stream.destroy();
        return;
      }
      for (const message of messages) this.#dispatch(message);
    });
    stream.on('error', (error) => this.#finish(error));
    stream.on('close', () => this.#finish());
  }

  get closed(): boolean {
    return this.#closed;
  }

  #dispatch(message: ControlMessage): void {
    this.#watchers.get(message.t)?.();
    if (this.#handler) this.#handler(message);
    else this.#backlog.push(message);
  }

  #finish(error?: Error): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const listener of this.#onClose.splice(0)) listener(error);
  }

  onClose(listener: (error?: Error) => void): void {
    if (this.#closed) listener();
    else this.#onClose.push(listener);
  }

  /** Calls `listener` whenever a message of type `t` arrives, beside delivering it to the handler. */
  watch(t: ControlMessage['t'], listener: () => void): void {
    this.#watchers.set(t, listener);
  }

  /** Attaches the message handler, delivering anything already received first. */
  onMessage(handler: Handler): void {
    this.#handler = handler;
    for (const message of this.#backlog.splice(0)) handler(message);
  }

  /** Resolves with the next message (of any type) — for the handshake before a handler is attached. */
  next(timeoutMs: number): Promise<ControlMessage> {
    const queued = this.#backlog.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#handler = undefined;
        reject(new Error('control channel timed out'));
      }, timeoutMs);
      this.#handler = (message) => {
        clearTimeout(timer);
        this.#handler = undefined;
        resolve(message);
      };
      this.onClose((error) => {
        clearTimeout(timer);
        reject(error ?? new Error('control channel closed'));
      });
    });
  }

  /**
   * Queues a message; the messages sent within one turn of the event loop go out in one write, at the end of the
   * turn (a session of many small files sends a few messages per file: one TLS record and one system call each cost
   * more than the message).
   */
  send(message: ControlMessage): void {
    if (this.#closed || this.stream.destroyed) return;
    this.#pending.push(encodeControl(message));
    if (this.#pending.length === 1) setImmediate(() => this.flush());
  }

  /** Writes the queued messages now (before the stream is destroyed, say). */
  flush(): void {
    if (this.#pending.length === 0) return;
    const frames = this.#pending.length === 1 ? (this.#pending[0] as Buffer) : Buffer.concat(this.#pending);
    this.#pending = [];
    if (!this.#closed && !this.stream.destroyed) this.stream.write(frames);
  }

  close(): void {
    this.flush();
    this.stream.end();
    setTimeout(() => this.stream.destroy(), 1000).unref();
  }
}
