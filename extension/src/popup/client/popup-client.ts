import { type AssembledReply, ReplyAssembler, type WorkerToFrame } from '@rapid/protocol';
import { type OpenPort, WorkerConnection } from '../../worker-link/worker-connection.ts';

export type ClientAnswer = AssembledReply;

interface Pending {
  resolve: (answer: ClientAnswer) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Connect API calls from the popup: numbered requests over the worker relay, replies (and `body64` pieces) matched
 * by id, a timeout on each, and every pending call failed at once when the worker or the host goes away.
 */
export class PopupClient {
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();
  readonly #replies = new ReplyAssembler();
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
      this.#pending.set(request_id, { resolve, reject, timer });
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
    if (!this.#pending.has(detail.request_id)) return;
    const answer = this.#replies.accept(detail);
    if (answer) this.#settle(detail.request_id, answer);
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
    this.#replies.discard(id);
    clearTimeout(pending.timer);
    pending.reject(error);
  }

  #failAll(error: Error) {
    for (const id of [...this.#pending.keys()]) this.#fail(id, error);
  }
}
