import { EVENT_NAMES, type VersionInfo } from '@rapid/protocol';
import type { BridgeRequest } from '../bridge/bridge.ts';
import { ExtensionBridge } from '../bridge/extension/extension-bridge.ts';
import { parseResponse } from '../request/parse-response.ts';
import { RequestHandler } from '../request/request-handler.ts';
import { type Callbacks, settle } from './callbacks.ts';
import { type ConnectOptions, type ResolvedOptions, resolveOptions } from './options.ts';
import { EVENT, type EventType, type PublicStatus, STATUS, toPublicStatus } from './status.ts';

type Listener = (eventType: EventType, data: unknown) => void;

let instances = 0;

/** `AW4.Connect`: the page's handle on the local Rapid client, API-compatible with the Connect SDK. */
export class Connect {
  static readonly STATUS = STATUS;
  static readonly EVENT = EVENT;

  readonly #options: ResolvedOptions;
  readonly #objectId = ++instances;
  readonly #listeners = new Map<Listener, EventType>();
  #status: PublicStatus = STATUS.INITIALIZING;
  #statusAnnounced = false;
  #handler: RequestHandler | undefined;

  /** @param options see {@link ConnectOptions}; every field is optional. */
  constructor(options?: ConnectOptions) {
    this.#options = resolveOptions(options);
  }

  /**
   * Starts bridge and client detection. Call once per instance.
   * @param id application id; defaults to the constructor's `id` or a generated one
   * @returns `{ app_id }`
   */
  initSession(id?: string): { app_id: string } {
    if (this.#handler) throw new Error('Session was already initialized');
    const appId = id ?? this.#options.id ?? crypto.randomUUID();
    this.#handler = new RequestHandler({
      bridge: new ExtensionBridge(this.#options.minVersion, this.#options.extensionRequestTimeout),
      minVersion: this.#options.minVersion,
      connectLaunchWaitTimeoutMs: this.#options.connectLaunchWaitTimeoutMs,
      objectId: this.#objectId,
      onStatus: (status) => this.#notifyStatus(toPublicStatus(status, this.#status)),
      requestExtensionInstall: () => window.postMessage(EVENT_NAMES.showExtensionInstall, '*'),
    });
    this.#handler.init();
    return { app_id: appId };
  }

  /** @returns the current public status, one of `Connect.STATUS` */
  getStatus(): PublicStatus {
    return this.#status;
  }

  /**
   * @param type `Connect.EVENT.STATUS`, `TRANSFER` or `ALL`
   * @param listener called as `(type, data)`
   */
  addEventListener(type: EventType, listener: Listener): void {
    if (typeof type !== 'string') throw new Error('Invalid EVENT parameter');
    if (typeof listener !== 'function') throw new Error('Invalid Listener parameter');
    this.#listeners.set(listener, type);
  }

  removeEventListener(type?: EventType, listener?: Listener): boolean {
    if (listener) return this.#listeners.delete(listener);
    const before = this.#listeners.size;
    for (const [each, eachType] of this.#listeners)
      if (!type || eachType === type) this.#listeners.delete(each);
    return this.#listeners.size < before;
  }

  /** @returns the client's `{ version, system_wide }` */
  version(callbacks?: Callbacks<VersionInfo>): Promise<VersionInfo> {
    return settle(
      this.#request<VersionInfo>({ method: 'GET', path: '/connect/info/version', body: '' }),
      callbacks,
    );
  }

  async #request<T>(request: BridgeRequest): Promise<T> {
    if (!this.#handler) throw new Error('Please call initSession first');
    const result = parseResponse(await this.#handler.send(request));
    if (!result.ok) throw result.error;
    return result.value as T;
  }

  #notifyStatus(status: PublicStatus) {
    if (status === this.#status && this.#statusAnnounced) return;
    this.#status = status;
    this.#statusAnnounced = true;
    for (const [listener, type] of this.#listeners) {
      if (type === EVENT.STATUS || type === EVENT.ALL) listener(EVENT.STATUS, status);
    }
  }
}
