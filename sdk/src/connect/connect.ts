import type { BridgeRequest } from '../bridge/bridge.ts';
import type {
  AllTransfersInfo,
  ConnectError,
  DataTransferResult,
  FileData,
  VersionInfo,
} from '../core/types.ts';
import { noteRequestedMinVersion } from '../installer/requested-min-version.ts';
import { Logger } from '../logger/logger.ts';
import { parseResponse } from '../request/parse-response.ts';
import { currentBrowser } from '../util/browser.ts';
import { ActivityPoller } from './activity-poller.ts';
import { resolveAppId } from './app-id.ts';
import {
  AUTH_KEYS,
  type ChecksumOptions,
  checksumBody,
  type DialogOptions,
  MODIFY_KEYS,
  openFileDialogBody,
  openFolderDialogBody,
  PREFERENCES_PAGES,
  RESUME_KEYS,
  saveDialogBody,
  subset,
} from './bodies.ts';
import { type Callbacks, settle } from './callbacks.ts';
import {
  type DragDropListener,
  type DragDropOptions,
  droppedFilesBody,
  setDragDropTargets,
} from './drag-drop.ts';
import { errorObject, isMissing, requirePresent, ValidationError } from './errors.ts';
import { type Listener, Listeners } from './listeners.ts';
import { MESSAGES } from './messages.ts';
import { type ConnectOptions, type ResolvedOptions, resolveOptions } from './options.ts';
import { SessionHandler } from './session-handler.ts';
import { startTransfersBody, withStandardSettings } from './settings.ts';
import {
  EVENT,
  type EventType,
  HTTP_METHOD,
  type PublicStatus,
  STATUS,
  TRANSFER_STATUS,
  toPublicStatus,
} from './status.ts';

type Body = Record<string, unknown>;
type Id = string | number;

let instances = 0;

export { bridgeOverride } from './session-handler.ts';

/** Key of the method through which pushed transfer activity enters a `Connect`. */
export const ACTIVITY_PUSH: unique symbol = Symbol('rapid.activityPush');

/**
 * `AW4.Connect`: the page's handle on the local Rapid client, API-compatible with the Connect SDK
 * (connect-protocol.md §11). Asynchronous methods take `{success, error}` callbacks and return a promise.
 * Requests made before RUNNING wait in a queue and go out once the client is reached.
 */
export class Connect {
  static readonly STATUS = STATUS;
  static readonly EVENT = EVENT;
  static readonly TRANSFER_STATUS = TRANSFER_STATUS;
  static readonly HTTP_METHOD = HTTP_METHOD;

  readonly #options: ResolvedOptions;
  readonly #objectId = ++instances;
  readonly #listeners = new Listeners();
  readonly #poller: ActivityPoller;
  #status: PublicStatus = STATUS.INITIALIZING;
  #statusAnnounced = false;
  #appId: string | undefined;
  readonly #session: SessionHandler;

  /** @param options see {@link ConnectOptions}; every field is optional. */
  constructor(options?: ConnectOptions) {
    this.#options = resolveOptions(options);
    const resolved = this.#options;
    noteRequestedMinVersion(options?.minVersion);
    this.#session = new SessionHandler(resolved, {
      objectId: this.#objectId,
      onStatus: (status) => this.#notifyStatus(toPublicStatus(status, this.#status)),
      updateRequireBody: () =>
        JSON.stringify(
          this.#settings({ min_version: resolved.effectiveMinVersion, sdk_location: resolved.sdkLocation }),
        ),
      onRunning: () => {
        if (resolved.dragDropEnabled) this.#get('/connect/file/initialize-drag-drop').catch(() => {});
      },
    });
    this.#poller = new ActivityPoller({
      fetch: (token) =>
        this.#post<AllTransfersInfo>('/connect/transfers/activity', { iteration_token: token }),
      onActivity: (info) => this.#listeners.emit(EVENT.TRANSFER, info),
      pollingTime: this.#options.pollingTime,
      maxOutstanding: this.#options.maxActivityOutstanding,
    });
  }

  /**
   * Starts bridge and client detection. Call once per instance.
   * @param appId application id; defaults to the remembered or a generated one
   * @returns `{ app_id }`, or an error object when called twice
   */
  initSession(appId?: string): { app_id: string } | ConnectError {
    if (this.#appId !== undefined) return errorObject(MESSAGES.alreadyInitialized);
    this.#appId = resolveAppId(appId);
    const started = this.start();
    return started ?? { app_id: this.#appId };
  }

  /** (Re)starts the session after `initSession` or `stop`. */
  start(): ConnectError | undefined {
    if (this.#appId === undefined) return errorObject(MESSAGES.initSessionFirst);
    const browser = currentBrowser();
    if (browser.IOS || browser.ANDROID) return errorObject(MESSAGES.unsupportedBrowser);
    this.#session.start();
    if (this.#listeners.transfer.length > 0) this.#poller.start();
    return undefined;
  }

  /**
   * Rapid: transfer activity pushed over the messaging layer (see `attachActivityPush`). While the push is live,
   * polling pauses; pushed activity reaches transfer listeners as polled activity does. Symbol-keyed, so the
   * Connect API surface is unchanged.
   */
  [ACTIVITY_PUSH](event: { live: boolean } | { activity: AllTransfersInfo }): void {
    if ('live' in event) this.#poller.setPushed(event.live);
    else if (Array.isArray(event.activity?.transfers)) this.#poller.deliver(event.activity);
  }

  /** Ends the session: polling stops and later requests fail with the stopped error. @returns true */
  stop(): boolean {
    this.#poller.stop();
    this.#session.stop();
    return true;
  }

  /** @returns the current public status, one of `Connect.STATUS` */
  getStatus(): PublicStatus {
    return this.#status;
  }

  /**
   * @param type `Connect.EVENT.STATUS`, `TRANSFER` or `ALL`; a transfer listener starts activity polling
   * @param listener called as `(type, data)`
   * @returns undefined, or an error object for bad arguments
   */
  addEventListener(type: EventType, listener: Listener): ConnectError | undefined {
    if (typeof type !== 'string') return errorObject(MESSAGES.invalidEvent);
    if (typeof listener !== 'function') return errorObject(MESSAGES.invalidListener);
    this.#listeners.add(type, listener);
    if (this.#listeners.transfer.length > 0 && this.#session.started) this.#poller.start();
    return undefined;
  }

  /** @returns whether anything was removed; polling stops with the last transfer listener */
  removeEventListener(type?: EventType | Listener, listener?: Listener): boolean {
    const removed = this.#listeners.remove(type, listener);
    if (this.#listeners.transfer.length === 0) this.#poller.stop();
    return removed;
  }

  authenticate(authSpec: Body, callbacks?: Callbacks<Body>): Promise<Body> {
    if (typeof authSpec !== 'object' || isMissing(authSpec?.remote_host))
      throw new ValidationError(MESSAGES.invalidAuthSpec);
    return settle(this.#post('/connect/info/authenticate', subset(authSpec, AUTH_KEYS)), callbacks);
  }

  getAllTransfers(callbacks?: Callbacks<AllTransfersInfo>, iterationToken = 0): Promise<AllTransfersInfo> {
    if (!this.#session.started) Logger.warn(MESSAGES.noAllTransfersMethod);
    return settle(this.#post('/connect/transfers/activity', { iteration_token: iterationToken }), callbacks);
  }

  getTransfer(transferId: Id, callbacks?: Callbacks<{ transfer_info: Body }>) {
    return settle(
      this.#post<{ transfer_info: Body }>(`/connect/transfers/info/${id(transferId)}`, {}),
      callbacks,
    );
  }

  modifyTransfer(transferId: Id, options: Body, callbacks?: Callbacks<Body>): Promise<Body> {
    const path = `/connect/transfers/modify/${id(transferId)}`;
    return settle(this.#post(path, subset(options, MODIFY_KEYS)), callbacks);
  }

  removeTransfer(transferId: Id, callbacks?: Callbacks<Body>): Promise<Body> {
    return settle(this.#post(`/connect/transfers/remove/${id(transferId)}`, {}), callbacks);
  }

  stopTransfer(transferId: Id, callbacks?: Callbacks<Body>): Promise<Body> {
    return settle(this.#post(`/connect/transfers/stop/${id(transferId)}`, {}), callbacks);
  }

  resumeTransfer(transferId: Id, options?: Body, callbacks?: Callbacks<Body>): Promise<Body> {
    const path = `/connect/transfers/resume/${id(transferId)}`;
    return settle(this.#post(path, subset(options, RESUME_KEYS)), callbacks);
  }

  readAsArrayBuffer(options: { path: string }, callbacks?: Callbacks<FileData>): Promise<FileData> {
    if (typeof options !== 'object' || options === null) throw new ValidationError(MESSAGES.invalidOptions);
    requirePresent(options.path, MESSAGES.invalidOptions);
    return settle(this.#post('/connect/file/read-as-array-buffer/', { path: options.path }), callbacks);
  }

  readChunkAsArrayBuffer(
    options: { path: string; offset: number; chunkSize: number },
    callbacks?: Callbacks<FileData>,
  ): Promise<FileData> {
    if (typeof options !== 'object' || options === null)
      throw new ValidationError(MESSAGES.invalidParameters);
    for (const key of ['path', 'offset', 'chunkSize'] as const)
      requirePresent(options[key], MESSAGES.invalidParameters);
    const { path, offset, chunkSize } = options;
    return settle(
      this.#post('/connect/file/read-chunk-as-array-buffer/', { path, offset, chunkSize }),
      callbacks,
    );
  }

  getChecksum(options: ChecksumOptions, callbacks?: Callbacks<Body>): Promise<Body> {
    return settle(this.#post('/connect/file/checksum/', checksumBody(options)), callbacks);
  }

  /** @returns undefined, or an error object explaining why no target was set */
  setDragDropTargets(
    cssSelector: string,
    options: DragDropOptions,
    listener: DragDropListener,
  ): ConnectError | undefined {
    return setDragDropTargets(this.#options.dragDropEnabled, cssSelector, options, listener, (dataTransfer) =>
      this.#post('/connect/file/dropped-files', droppedFilesBody(dataTransfer)),
    );
  }

  getDroppedFiles(dataTransfer: DataTransfer, callbacks?: Callbacks<Body>): ConnectError | Promise<Body> {
    if (!this.#options.dragDropEnabled) return errorObject(MESSAGES.dropNotEnabled);
    return settle(this.#post('/connect/file/dropped-files', droppedFilesBody(dataTransfer)), callbacks);
  }

  showAbout(callbacks?: Callbacks<Body>): Promise<Body> {
    return settle(this.#get('/connect/windows/about'), callbacks);
  }

  showDirectory(transferId: Id, callbacks?: Callbacks<Body>): Promise<Body> {
    return settle(this.#get(`/connect/windows/finder/${id(transferId)}`), callbacks);
  }

  showPreferences(callbacks?: Callbacks<Body>): Promise<Body> {
    return settle(this.#get('/connect/windows/preferences'), callbacks);
  }

  showPreferencesPage(options: { page: string }, callbacks?: Callbacks<Body>): Promise<Body> {
    if (!(PREFERENCES_PAGES as readonly string[]).includes(options?.page))
      throw new Error(MESSAGES.invalidPreferencesPage); // a plain Error, as the Connect SDK throws it
    return settle(this.#get(`/connect/windows/preferences/${options.page}`), callbacks);
  }

  showTransferManager(callbacks?: Callbacks<Body>): Promise<Body> {
    return settle(this.#get('/connect/windows/transfer-manager'), callbacks);
  }

  showTransferMonitor(transferId: Id, callbacks?: Callbacks<Body>): Promise<Body> {
    return settle(this.#get(`/connect/windows/transfer-monitor/${id(transferId)}`), callbacks);
  }

  /** Callbacks come first, as in the Connect SDK. */
  showSaveFileDialog(callbacks: Callbacks<DataTransferResult>, options?: DialogOptions) {
    needCallbacks(callbacks);
    return settle(this.#dialog('select-save-file-dialog/', saveDialogBody(options)), callbacks);
  }

  showSelectFileDialog(callbacks: Callbacks<DataTransferResult>, options?: DialogOptions) {
    needCallbacks(callbacks);
    return settle(this.#dialog('select-open-file-dialog/', openFileDialogBody(options)), callbacks);
  }

  showSelectFolderDialog(callbacks: Callbacks<DataTransferResult>, options?: DialogOptions) {
    needCallbacks(callbacks);
    return settle(this.#dialog('select-open-folder-dialog/', openFolderDialogBody(options)), callbacks);
  }

  showSelectFileDialogPromise(options?: DialogOptions): Promise<DataTransferResult> {
    return this.#dialog('select-open-file-dialog/', openFileDialogBody(options));
  }

  showSelectFolderDialogPromise(options?: DialogOptions): Promise<DataTransferResult> {
    return this.#dialog('select-open-folder-dialog/', openFolderDialogBody(options));
  }

  /** @returns `{request_id}` at once; the client's answer goes to the callbacks. */
  startTransfer(transferSpec: Body, connectSpec?: Body, callbacks?: Callbacks<Body>): { request_id: string } {
    if (typeof transferSpec !== 'object' || transferSpec === null)
      throw new ValidationError(MESSAGES.invalidTransferSpec);
    const element = { transfer_spec: transferSpec, aspera_connect_settings: connectSpec ?? {} };
    const { requestId, promise } = this.#startTransfers([element]);
    settle(promise, callbacks ?? {});
    return { request_id: requestId };
  }

  startTransferPromise(transferSpec: Body, connectSpec?: Body): Promise<Body> {
    if (typeof transferSpec !== 'object' || transferSpec === null)
      throw new ValidationError(MESSAGES.invalidTransferSpec);
    return this.#startTransfers([{ transfer_spec: transferSpec, aspera_connect_settings: connectSpec ?? {} }])
      .promise;
  }

  /** @returns `{request_id}` with callbacks, else a promise of the client's answer */
  startTransfers(transferSpecs: { transfer_specs: Body[] }, callbacks?: Callbacks<Body>) {
    if (!Array.isArray(transferSpecs?.transfer_specs))
      throw new ValidationError(MESSAGES.invalidTransferSpecs);
    const { requestId, promise } = this.#startTransfers(transferSpecs.transfer_specs);
    if (!callbacks) return promise;
    settle(promise, callbacks);
    return { request_id: requestId };
  }

  testSshPorts(
    options: { remote_host: string; ssh_port?: number; timeout_sec?: number },
    callbacks?: Callbacks<Body>,
  ): Promise<Body> {
    // No options is the Connect SDK's TypeError (reading remote_host of undefined), not a validation text.
    const remote_host = options.remote_host;
    const { ssh_port = 33001, timeout_sec = 3 } = options;
    return settle(this.#post('/connect/info/ports', { remote_host, ssh_port, timeout_sec }), callbacks);
  }

  /** @returns the client's `{ version, system_wide }` */
  version(callbacks?: Callbacks<VersionInfo>): Promise<VersionInfo> {
    return settle(this.#get<VersionInfo>('/connect/info/version'), callbacks);
  }

  #startTransfers(elements: Body[]) {
    const { body, requestId } = startTransfersBody(elements, this.#sessionSettings());
    return {
      requestId,
      promise: this.#send<Body>({ method: 'POST', path: '/connect/transfers/start', body: '' }, body),
    };
  }

  #dialog(endpoint: string, body: Body): Promise<DataTransferResult> {
    const request: BridgeRequest = { method: 'POST', path: `/connect/windows/${endpoint}`, body: '' };
    if (this.#options.extensionRequestTimeout) request.timeoutMs = this.#options.extensionRequestTimeout;
    return this.#send(request, this.#settings(body));
  }

  #get<T = Body>(path: string): Promise<T> {
    return this.#send<T>({ method: 'GET', path, body: '' });
  }

  #post<T = Body>(path: string, body: Body): Promise<T> {
    return this.#send<T>({ method: 'POST', path, body: '' }, this.#settings(body));
  }

  #sessionSettings() {
    return { appId: this.#appId ?? '', authorizationKey: this.#options.authorizationKey };
  }

  #settings(body: Body): Body {
    return withStandardSettings(body, this.#sessionSettings());
  }

  async #send<T>(request: BridgeRequest, body?: Body): Promise<T> {
    if (!this.#session.started) {
      Logger.error(MESSAGES.initSessionFirst);
      throw errorObject(MESSAGES.initSessionFirst);
    }
    const sent = body === undefined ? request : { ...request, body: JSON.stringify(body) };
    const result = parseResponse(await this.#session.send(sent));
    if (!result.ok) throw result.error;
    return result.value as T;
  }

  #notifyStatus(status: PublicStatus) {
    if (status === this.#status && this.#statusAnnounced) return;
    this.#status = status;
    this.#statusAnnounced = true;
    this.#listeners.emit(EVENT.STATUS, status);
  }
}

function id(transferId: Id): Id {
  if (isMissing(transferId)) throw new ValidationError(MESSAGES.missingTransferId);
  return transferId;
}

function needCallbacks<T>(callbacks: Callbacks<T>): void {
  // A plain Error, as the Connect SDK throws it.
  if (typeof callbacks !== 'object' || callbacks === null) throw new Error(MESSAGES.missingCallbacks);
}
