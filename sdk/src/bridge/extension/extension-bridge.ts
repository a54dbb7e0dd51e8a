import { EVENT_NAMES, ReplyAssembler, readResponseDetail } from '@rapid/protocol';
import { Logger } from '../../logger/logger.ts';
import type { Bridge, BridgeKind, BridgeRequest, BridgeResponse } from '../bridge.ts';
import { largeReadRoute, sendLargeRead } from './large-reply.ts';

/** Dialog requests wait for the user for up to a day unless the page says otherwise (connect-protocol.md §5.2). */
const DIALOG_TIMEOUT_MS = 86_400_000;
const PROBE_INTERVAL_MS = 200;
/** The specification notes this limit for extension requests without enforcing it; we warn past it. */
const MAX_REQUEST_CHARS = 100 * 1024 * 1024;
const ENDLESS_PROBE_INTERVAL_MS = 1000;

interface Pending {
  resolve: (response: BridgeResponse) => void;
}

/**
 * The browser-extension bridge: DOM events to the content script, `window` messages back
 * (connect-protocol.md §5). Every instance hears every reply and keeps only the ids it sent.
 */
export class ExtensionBridge implements Bridge {
  readonly kind: BridgeKind = 'extension';
  readonly #pending = new Map<number, Pending>();
  readonly #replies = new ReplyAssembler();
  readonly #disconnectListeners = new Set<(detail: string) => void>();
  readonly #checkListeners = new Set<() => void>();
  protected readonly stopped = new AbortController();

  constructor(
    private readonly minVersion: string,
    private readonly extensionRequestTimeout?: number,
  ) {
    const options = { signal: this.stopped.signal };
    window.addEventListener('message', (event) => this.#onWindowMessage(event), options);
    // Safari's app extension answers the check with a document event rather than a window message.
    document.addEventListener(EVENT_NAMES.checkResponse, () => this.#onCheckResponse(), options);
    document.addEventListener(
      EVENT_NAMES.response,
      (event) => this.#onDetail((event as CustomEvent).detail),
      options,
    );
    document.addEventListener(
      EVENT_NAMES.disconnect,
      (event) => this.#onDisconnect(event as CustomEvent),
      options,
    );
  }

  detect(timeoutMs: number, signal: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      const interval = this.probeIntervalMs(timeoutMs < 0);
      const finish = (found: boolean) => {
        clearInterval(timer);
        clearTimeout(deadline);
        this.#checkListeners.delete(onFound);
        signal.removeEventListener('abort', onAbort);
        resolve(found);
      };
      const onAbort = () => finish(false);
      const onFound = () => finish(true);
      this.#checkListeners.add(onFound);
      const probe = () => this.probe();
      const timer = setInterval(probe, interval);
      const deadline = timeoutMs < 0 ? undefined : setTimeout(() => finish(false), timeoutMs);
      signal.addEventListener('abort', onAbort, { once: true });
      probe();
    });
  }

  protected probeIntervalMs(endless: boolean): number {
    return endless ? ENDLESS_PROBE_INTERVAL_MS : PROBE_INTERVAL_MS;
  }

  protected probe(): void {
    document.dispatchEvent(new CustomEvent(EVENT_NAMES.check, {}));
  }

  send(request: BridgeRequest, requestId: number): Promise<BridgeResponse> {
    const route = this.kind === 'extension' ? largeReadRoute(request) : undefined;
    if (route === undefined) return this.#send(request, requestId);
    return sendLargeRead(request, route, (each) => this.#send(each, requestId), this.stopped.signal);
  }

  #send(request: BridgeRequest, requestId: number): Promise<BridgeResponse> {
    if (request.body.length > MAX_REQUEST_CHARS)
      Logger.warn(`Request ${request.path} is larger than the 100MB the extension is meant to carry.`);
    return new Promise((resolve) => {
      // The detection probe reuses its id on every retry; an unanswered earlier send gives way.
      this.#settle(requestId, { status: 0, body: '' });
      this.#pending.set(requestId, { resolve });
      const detail = {
        request_id: requestId,
        min_version: this.minVersion,
        method: request.method,
        uri_reference: request.path,
        body: request.body,
        ...(/select/i.test(request.path)
          ? { timeout: request.timeoutMs ?? this.extensionRequestTimeout ?? DIALOG_TIMEOUT_MS }
          : {}),
      };
      document.dispatchEvent(new CustomEvent(EVENT_NAMES.request, { detail }));
    });
  }

  onDisconnect(listener: (detail: string) => void): () => void {
    this.#disconnectListeners.add(listener);
    return () => this.#disconnectListeners.delete(listener);
  }

  stop(): void {
    this.stopped.abort();
    this.#answerAllPending(0);
  }

  #onWindowMessage(event: MessageEvent) {
    if (event.source !== window || typeof event.data !== 'object' || event.data === null) return;
    if (event.data.type === EVENT_NAMES.checkResponse) {
      this.#onCheckResponse();
    } else if (event.data.type === EVENT_NAMES.response) {
      this.#onDetail(event.data.detail);
    }
  }

  #onCheckResponse() {
    for (const listener of [...this.#checkListeners]) listener();
  }

  #onDetail(raw: unknown) {
    const detail = readResponseDetail(raw);
    if (!detail) return;
    if (!this.#pending.has(detail.request_id)) return;
    const reply = this.#replies.accept(detail);
    if (reply) this.#settle(detail.request_id, reply);
  }

  #onDisconnect(event: CustomEvent) {
    const detail = typeof event.detail === 'string' ? event.detail : String(event.detail ?? '');
    // The host is gone: nothing in flight will be answered, so hand back status 0 and let the handler re-queue.
    this.#answerAllPending(0);
    for (const listener of [...this.#disconnectListeners]) listener(detail);
  }

  #answerAllPending(status: number) {
    for (const id of [...this.#pending.keys()]) this.#settle(id, { status, body: '' });
  }

  #settle(requestId: number, response: BridgeResponse) {
    const pending = this.#pending.get(requestId);
    this.#pending.delete(requestId);
    this.#replies.discard(requestId);
    pending?.resolve(response);
  }
}
