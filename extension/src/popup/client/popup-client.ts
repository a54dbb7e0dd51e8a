import { decodeBody64, type WorkerToFrame } from '@rapid/protocol';
import { type OpenPort, WorkerConnection } from '../../worker-link/worker-connection.ts';

export interface ClientAnswer {
  status: number;
  body: string;
}

interface Pending {
  resolve: (answer: ClientAnswer) => void;
  reject: (error: Error) => void;
  body64: string;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Connect API calls from the popup: numbered requests over the worker relay, replies (and `body64` pieces) matched
 * by id, a timeout on each, and every pending call failed at once when the worker or the host goes away.
 */
export class PopupClient {
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();
  readonly #worker: WorkerConnection;

  /** @param open opens a runtime port to the service worker (the same relay the content scripts use) */
  constructor(
    open: OpenPort,
    private readonly timeoutMs = 10_000,
  ) {
    this.#worker = new WorkerConnection(open, {
      onMessage: (message) => this.#onMessage(message),
      onLost: () => this.#failAll(new Error('The Rapid extension restarted. Try again.')),
    });
  }

  request(method: 'GET' | 'POST', path: string, body = ''): Promise<ClientAnswer> {
    const request_id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.#fail(request_id, new Error('The Rapid client did not answer.')),
        this.timeoutMs,
      );
      this.#pending.set(request_id, { resolve, reject, body64: '', timer });
      this.#worker.post({
        kind: 'request',
        request: { request_id, min_version: '', method, uri_reference: path, body },
      });
    });
  }

  close(): void {
    this.#worker.close();
    this.#failAll(new Error('Closed.'));
  }

  #onMessage(message: Exclude<WorkerToFrame, { kind: 'ready' }>) {
    if (message.kind === 'disconnect') {
      this.#failAll(new Error(message.detail));
      return;
    }
    const detail = message.detail;
    const pending = this.#pending.get(detail.request_id);
    if (!pending) return;
    if ('body' in detail) {
      this.#settle(detail.request_id, { status: detail.status, body: detail.body });
      return;
    }
    pending.body64 += detail.body64;
    if (detail.complete)
      this.#settle(detail.request_id, { status: detail.status, body: decodeBody64(pending.body64) });
  }

  #settle(id: number, answer: ClientAnswer) {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    clearTimeout(pending.timer);
    pending.resolve(answer);
  }

  #fail(id: number, error: Error) {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    clearTimeout(pending.timer);
    pending.reject(error);
  }

  #failAll(error: Error) {
    for (const id of [...this.#pending.keys()]) this.#fail(id, error);
  }
}
