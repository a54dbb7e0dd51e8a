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

/**
 * A request or answer body of the Connect API: a JSON object whose fields the method's documentation names.
 *
 * @example const answer: RequestBody = await connect.stopTransfer(uuid);
 */
export type RequestBody = Record<string, unknown>;

/**
 * A transfer's `uuid`, as {@link TransferInfo.uuid} gives it.
 *
 * @example const id: TransferId = info.uuid;
 */
export type TransferId = string | number;

/**
 * What `initSession` returns.
 *
 * @example const { app_id } = connect.initSession() as SessionInfo;
 */
export interface SessionInfo {
  /** The application id in use: the one given, else the remembered or a generated one. */
  app_id: string;
}

/**
 * What `startTransfer` (and `startTransfers` with callbacks) returns at once.
 *
 * @example const { request_id }: StartRequest = connect.startTransfer(spec);
 */
export interface StartRequest {
  /** The id of this start request, also in the transfers' `aspera_connect_settings`. */
  request_id: string;
}

/**
 * What `getTransfer` answers.
 *
 * @example const { transfer_info }: TransferAnswer = await connect.getTransfer(uuid);
 */
export interface TransferAnswer {
  /** The transfer's {@link TransferInfo}. */
  transfer_info: RequestBody;
}

let instances = 0;

export { bridgeOverride } from './session-handler.ts';

/** Key of the method through which pushed transfer activity enters a `Connect`. */
export const ACTIVITY_PUSH: unique symbol = Symbol('rapid.activityPush');

/**
 * `AW4.Connect`: the page's handle on the local Rapid client, API-compatible with the Connect SDK
 * (connect-protocol.md §11). Asynchronous methods take `{success, error}` callbacks and return a promise.
 * Requests made before RUNNING wait in a queue and go out once the client is reached.
 *
 * Events: {@link Connect.EVENT} `status` (data: the new {@link PublicStatus}) and `transfer` (data: the latest
 * {@link AllTransfersInfo}); `all` receives both. Errors: failed requests reject with (and call `error` with) a
 * {@link ConnectError}; bad arguments throw a {@link ValidationError}; the troubleshooting guide lists every text.
 *
 * @example const connect = new Connect({ minVersion: '3.9.0' }); connect.initSession();
 */
export class Connect {
  /**
   * The public statuses, {@link STATUS}.
   * @example if (connect.getStatus() === Connect.STATUS.RUNNING) startUpload();
   */
  static readonly STATUS = STATUS;
  /**
   * The event types, {@link EVENT}.
   * @example connect.addEventListener(Connect.EVENT.STATUS, (_t, status) => show(status));
   */
  static readonly EVENT = EVENT;
  /**
   * The statuses of a transfer, {@link TRANSFER_STATUS}.
   * @example const done = info.status === Connect.TRANSFER_STATUS.COMPLETED;
   */
  static readonly TRANSFER_STATUS = TRANSFER_STATUS;
  /**
   * HTTP verbs of the Drive API, {@link HTTP_METHOD}.
   * @example Connect.HTTP_METHOD.REVERT; // 'REVERT'
   */
  static readonly HTTP_METHOD = HTTP_METHOD;

  readonly #options: ResolvedOptions;
  readonly #objectId = ++instances;
  readonly #listeners = new Listeners();
  readonly #poller: ActivityPoller;
  #status: PublicStatus = STATUS.INITIALIZING;
  #statusAnnounced = false;
  #appId: string | undefined;
  readonly #session: SessionHandler;

  /**
   * Creates the handle; nothing is contacted until {@link Connect.initSession}.
   * @param options see {@link ConnectOptions}; every field is optional.
   * @example const connect = new Connect({ minVersion: '3.9.0' });
   */
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
   * @returns `{ app_id }`, or an error object when called twice (`Session was already initialized`)
   * @example const { app_id } = connect.initSession() as { app_id: string };
   */
  initSession(appId?: string): SessionInfo | ConnectError {
    if (this.#appId !== undefined) return errorObject(MESSAGES.alreadyInitialized);
    this.#appId = resolveAppId(appId);
    const started = this.start();
    return started ?? { app_id: this.#appId };
  }

  /**
   * (Re)starts the session after `initSession` or `stop`.
   * @returns undefined, or an error object (`Please call initSession first`, `This browser is not supported`)
   * @example connect.stop(); connect.start();
   */
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
   * @internal
   */
  [ACTIVITY_PUSH](event: { live: boolean } | { activity: AllTransfersInfo }): void {
    if ('live' in event) this.#poller.setPushed(event.live);
    else if (Array.isArray(event.activity?.transfers)) this.#poller.deliver(event.activity);
  }

  /**
   * Ends the session: polling stops and later requests fail with `Connect is stopped. Call #start to resume session.`
   * @returns true
   * @example window.addEventListener('pagehide', () => connect.stop());
   */
  stop(): boolean {
    this.#poller.stop();
    this.#session.stop();
    return true;
  }

  /**
   * The status the page was last told of.
   * @returns the current public status, one of `Connect.STATUS`
   * @example connect.getStatus(); // 'RUNNING'
   */
  getStatus(): PublicStatus {
    return this.#status;
  }

  /**
   * Listens to status changes or transfer activity.
   * @param type `Connect.EVENT.STATUS`, `TRANSFER` or `ALL`; a transfer listener starts activity polling
   * @param listener called as `(type, data)`
   * @returns undefined, or an error object for bad arguments (`Invalid EVENT parameter`, `Invalid Listener parameter`)
   * @example connect.addEventListener(Connect.EVENT.TRANSFER, (_t, info) => render((info as AllTransfersInfo).transfers));
   */
  addEventListener(type: EventType, listener: Listener): ConnectError | undefined {
    if (typeof type !== 'string') return errorObject(MESSAGES.invalidEvent);
    if (typeof listener !== 'function') return errorObject(MESSAGES.invalidListener);
    this.#listeners.add(type, listener);
    if (this.#listeners.transfer.length > 0 && this.#session.started) this.#poller.start();
    return undefined;
  }

  /**
   * Removes listeners: none given removes all; a function removes it everywhere; a type clears that type; both
   * remove that listener from that type.
   * @returns whether anything was removed; polling stops with the last transfer listener
   * @example connect.removeEventListener(Connect.EVENT.TRANSFER, onTransfer);
   */
  removeEventListener(type?: EventType | Listener, listener?: Listener): boolean {
    const removed = this.#listeners.remove(type, listener);
    if (this.#listeners.transfer.length === 0) this.#poller.stop();
    return removed;
  }

  /**
   * Checks credentials against a transfer node without transferring.
   * @param authSpec `remote_host` (required), `ssh_port`, `remote_user`, `remote_password`, `token`
   * @throws {@link ValidationError} `Invalid authSpec parameter` without `remote_host`
   * @example await connect.authenticate({ remote_host: 'node.example', token });
   */
  authenticate(authSpec: RequestBody, callbacks?: Callbacks<RequestBody>): Promise<RequestBody> {
    if (typeof authSpec !== 'object' || isMissing(authSpec?.remote_host))
      throw new ValidationError(MESSAGES.invalidAuthSpec);
    return settle(this.#post('/connect/info/authenticate', subset(authSpec, AUTH_KEYS)), callbacks);
  }

  /**
   * The transfers with activity since `iterationToken` (all of them from 0).
   * @param iterationToken an `iteration_token` from an earlier answer
   * @defaultValue iterationToken `0`
   * @example const { transfers } = await connect.getAllTransfers();
   */
  getAllTransfers(callbacks?: Callbacks<AllTransfersInfo>, iterationToken = 0): Promise<AllTransfersInfo> {
    if (!this.#session.started) Logger.warn(MESSAGES.noAllTransfersMethod);
    return settle(this.#post('/connect/transfers/activity', { iteration_token: iterationToken }), callbacks);
  }

  /**
   * One transfer's info.
   * @throws {@link ValidationError} `Must provide transfer id.`
   * @example const { transfer_info } = await connect.getTransfer(uuid);
   */
  getTransfer(transferId: TransferId, callbacks?: Callbacks<TransferAnswer>) {
    return settle(this.#post<TransferAnswer>(`/connect/transfers/info/${id(transferId)}`, {}), callbacks);
  }

  /**
   * Changes a running transfer's rate: `rate_policy`, `target_rate_kbps`, `min_rate_kbps`, `target_rate_cap_kbps`,
   * `lock_rate_policy`, `lock_target_rate`, `lock_min_rate` (other fields are dropped).
   * @example await connect.modifyTransfer(uuid, { target_rate_kbps: 50_000 });
   */
  modifyTransfer(
    transferId: TransferId,
    options: RequestBody,
    callbacks?: Callbacks<RequestBody>,
  ): Promise<RequestBody> {
    const path = `/connect/transfers/modify/${id(transferId)}`;
    return settle(this.#post(path, subset(options, MODIFY_KEYS)), callbacks);
  }

  /**
   * Removes a transfer from the client's list (a running one is stopped first).
   * @example await connect.removeTransfer(uuid);
   */
  removeTransfer(transferId: TransferId, callbacks?: Callbacks<RequestBody>): Promise<RequestBody> {
    return settle(this.#post(`/connect/transfers/remove/${id(transferId)}`, {}), callbacks);
  }

  /**
   * Stops (cancels) a transfer; its partial files stay, so {@link Connect.resumeTransfer} moves only what is missing.
   * @example await connect.stopTransfer(uuid);
   */
  stopTransfer(transferId: TransferId, callbacks?: Callbacks<RequestBody>): Promise<RequestBody> {
    return settle(this.#post(`/connect/transfers/stop/${id(transferId)}`, {}), callbacks);
  }

  /**
   * Resumes a stopped or failed transfer, optionally with new credentials: `token`, `cookie`, `authentication`,
   * `remote_user`, `remote_password`, `content_protection_passphrase`.
   * @example await connect.resumeTransfer(uuid, { token: freshToken });
   */
  resumeTransfer(
    transferId: TransferId,
    options?: RequestBody,
    callbacks?: Callbacks<RequestBody>,
  ): Promise<RequestBody> {
    const path = `/connect/transfers/resume/${id(transferId)}`;
    return settle(this.#post(path, subset(options, RESUME_KEYS)), callbacks);
  }

  /**
   * Reads a whole local file the user chose (dialog or drop), base64-encoded.
   * @throws {@link ValidationError} `Invalid options parameter`
   * @example const { data } = await connect.readAsArrayBuffer({ path: files[0].name });
   */
  readAsArrayBuffer(
    options: {
      /** A local path the user chose. */
      path: string;
    },
    callbacks?: Callbacks<FileData>,
  ): Promise<FileData> {
    if (typeof options !== 'object' || options === null) throw new ValidationError(MESSAGES.invalidOptions);
    requirePresent(options.path, MESSAGES.invalidOptions);
    return settle(this.#post('/connect/file/read-as-array-buffer/', { path: options.path }), callbacks);
  }

  /**
   * Reads part of a local file the user chose, base64-encoded.
   * @throws {@link ValidationError} `Invalid parameters`
   * @example await connect.readChunkAsArrayBuffer({ path, offset: 0, chunkSize: 65536 });
   */
  readChunkAsArrayBuffer(
    options: {
      /** A local path the user chose. */
      path: string;
      /** Where to start, in bytes. */
      offset: number;
      /** How many bytes to read. */
      chunkSize: number;
    },
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

  /**
   * Hashes (part of) a local file the user chose.
   * @throws Error `#getChecksum options argument is either missing or incorrect`; {@link ValidationError} `<method> is not a supported checksum method`
   * @example const { checksum } = await connect.getChecksum({ path, checksumMethod: 'sha256' });
   */
  getChecksum(options: ChecksumOptions, callbacks?: Callbacks<RequestBody>): Promise<RequestBody> {
    return settle(this.#post('/connect/file/checksum/', checksumBody(options)), callbacks);
  }

  /**
   * Makes the elements matching `cssSelector` drop targets (needs `dragDropEnabled: true`).
   * @returns undefined, or an error object explaining why no target was set (see the troubleshooting guide)
   * @example connect.setDragDropTargets('#drop', { drop: true }, ({ files }) => upload(files));
   */
  setDragDropTargets(
    cssSelector: string,
    options: DragDropOptions,
    listener: DragDropListener,
  ): ConnectError | undefined {
    return setDragDropTargets(this.#options.dragDropEnabled, cssSelector, options, listener, (dataTransfer) =>
      this.#post('/connect/file/dropped-files', droppedFilesBody(dataTransfer)),
    );
  }

  /**
   * The local paths of files dropped on the page by the page's own handler (needs `dragDropEnabled: true`).
   * @returns the client's {@link DataTransferResult}, or an error object when drag and drop is not enabled
   * @example element.ondrop = (e) => connect.getDroppedFiles(e.dataTransfer!, { success: upload });
   */
  getDroppedFiles(
    dataTransfer: DataTransfer,
    callbacks?: Callbacks<RequestBody>,
  ): ConnectError | Promise<RequestBody> {
    if (!this.#options.dragDropEnabled) return errorObject(MESSAGES.dropNotEnabled);
    return settle(this.#post('/connect/file/dropped-files', droppedFilesBody(dataTransfer)), callbacks);
  }

  /**
   * Shows the client's About window.
   * @example connect.showAbout();
   */
  showAbout(callbacks?: Callbacks<RequestBody>): Promise<RequestBody> {
    return settle(this.#get('/connect/windows/about'), callbacks);
  }

  /**
   * Opens the folder of a transfer's files in the system's file manager.
   * @example connect.showDirectory(uuid);
   */
  showDirectory(transferId: TransferId, callbacks?: Callbacks<RequestBody>): Promise<RequestBody> {
    return settle(this.#get(`/connect/windows/finder/${id(transferId)}`), callbacks);
  }

  /**
   * Shows the client's preferences window.
   * @example connect.showPreferences();
   */
  showPreferences(callbacks?: Callbacks<RequestBody>): Promise<RequestBody> {
    return settle(this.#get('/connect/windows/preferences'), callbacks);
  }

  /**
   * Shows one page of the client's preferences: `general`, `transfers`, `bandwidth`, `network` or `security`.
   * @throws Error `#showPreferencesPage options argument is either missing or incorrect.`
   * @example connect.showPreferencesPage({ page: 'bandwidth' });
   */
  showPreferencesPage(
    options: {
      /** `general`, `transfers`, `bandwidth`, `network` or `security`. */
      page: string;
    },
    callbacks?: Callbacks<RequestBody>,
  ): Promise<RequestBody> {
    if (!(PREFERENCES_PAGES as readonly string[]).includes(options?.page))
      throw new Error(MESSAGES.invalidPreferencesPage); // a plain Error, as the Connect SDK throws it
    return settle(this.#get(`/connect/windows/preferences/${options.page}`), callbacks);
  }

  /**
   * Shows the client's transfer manager window.
   * @example connect.showTransferManager();
   */
  showTransferManager(callbacks?: Callbacks<RequestBody>): Promise<RequestBody> {
    return settle(this.#get('/connect/windows/transfer-manager'), callbacks);
  }

  /**
   * Shows the client's monitor window of one transfer.
   * @example connect.showTransferMonitor(uuid);
   */
  showTransferMonitor(transferId: TransferId, callbacks?: Callbacks<RequestBody>): Promise<RequestBody> {
    return settle(this.#get(`/connect/windows/transfer-monitor/${id(transferId)}`), callbacks);
  }

  /**
   * Asks the user where to save a download. Callbacks come first, as in the Connect SDK.
   * @throws Error `Must provide callbacks.`
   * @example connect.showSaveFileDialog({ success: ({ dataTransfer }) => download(dataTransfer.files[0]?.name) }, { suggestedName: 'a.mov' });
   */
  showSaveFileDialog(callbacks: Callbacks<DataTransferResult>, options?: DialogOptions) {
    needCallbacks(callbacks);
    return settle(this.#dialog('select-save-file-dialog/', saveDialogBody(options)), callbacks);
  }

  /**
   * Asks the user to choose files; their local paths become transfer sources. Callbacks come first.
   * @throws Error `Must provide callbacks.`
   * @example connect.showSelectFileDialog({ success: ({ dataTransfer }) => upload(dataTransfer.files) });
   */
  showSelectFileDialog(callbacks: Callbacks<DataTransferResult>, options?: DialogOptions) {
    needCallbacks(callbacks);
    return settle(this.#dialog('select-open-file-dialog/', openFileDialogBody(options)), callbacks);
  }

  /**
   * Asks the user to choose folders. Callbacks come first.
   * @throws Error `Must provide callbacks.`
   * @example connect.showSelectFolderDialog({ success: ({ dataTransfer }) => upload(dataTransfer.files) });
   */
  showSelectFolderDialog(callbacks: Callbacks<DataTransferResult>, options?: DialogOptions) {
    needCallbacks(callbacks);
    return settle(this.#dialog('select-open-folder-dialog/', openFolderDialogBody(options)), callbacks);
  }

  /**
   * {@link Connect.showSelectFileDialog} as a promise; `files` is empty when the user cancelled.
   * @example const { dataTransfer } = await connect.showSelectFileDialogPromise({ allowMultipleSelection: false });
   */
  showSelectFileDialogPromise(options?: DialogOptions): Promise<DataTransferResult> {
    return this.#dialog('select-open-file-dialog/', openFileDialogBody(options));
  }

  /**
   * {@link Connect.showSelectFolderDialog} as a promise.
   * @example const { dataTransfer } = await connect.showSelectFolderDialogPromise();
   */
  showSelectFolderDialogPromise(options?: DialogOptions): Promise<DataTransferResult> {
    return this.#dialog('select-open-folder-dialog/', openFolderDialogBody(options));
  }

  /**
   * Starts one transfer. The first time a site starts a transfer, the client asks the user's consent.
   * @param transferSpec the {@link TransferSpec} a transfer node handed out
   * @param connectSpec {@link ConnectSpec} settings, e.g. `{ allow_dialogs: false }`
   * @returns `{request_id}` at once; the client's answer (`{ transfer_specs: [...] }`) goes to the callbacks.
   * @throws {@link ValidationError} `Invalid transferSpec parameter`
   * @example connect.startTransfer(spec, { allow_dialogs: false }, { error: (e) => alert(e.error.user_message) });
   */
  startTransfer(
    transferSpec: RequestBody,
    connectSpec?: RequestBody,
    callbacks?: Callbacks<RequestBody>,
  ): StartRequest {
    if (typeof transferSpec !== 'object' || transferSpec === null)
      throw new ValidationError(MESSAGES.invalidTransferSpec);
    const element = { transfer_spec: transferSpec, aspera_connect_settings: connectSpec ?? {} };
    const { requestId, promise } = this.#startTransfers([element]);
    settle(promise, callbacks ?? {});
    return { request_id: requestId };
  }

  /**
   * {@link Connect.startTransfer} as a promise of the client's answer.
   * @throws {@link ValidationError} `Invalid transferSpec parameter`
   * @example await connect.startTransferPromise(spec);
   */
  startTransferPromise(transferSpec: RequestBody, connectSpec?: RequestBody): Promise<RequestBody> {
    if (typeof transferSpec !== 'object' || transferSpec === null)
      throw new ValidationError(MESSAGES.invalidTransferSpec);
    return this.#startTransfers([{ transfer_spec: transferSpec, aspera_connect_settings: connectSpec ?? {} }])
      .promise;
  }

  /**
   * Starts several transfers in one request: `{ transfer_specs: [{ transfer_spec, aspera_connect_settings }] }`.
   * @returns `{request_id}` with callbacks, else a promise of the client's answer
   * @throws {@link ValidationError} `Invalid transferSpecs parameter`
   * @example await connect.startTransfers({ transfer_specs: [{ transfer_spec: spec }] });
   */
  startTransfers(
    transferSpecs: {
      /** One `{ transfer_spec, aspera_connect_settings? }` per transfer. */
      transfer_specs: RequestBody[];
    },
    callbacks?: Callbacks<RequestBody>,
  ): Promise<RequestBody> | StartRequest {
    if (!Array.isArray(transferSpecs?.transfer_specs))
      throw new ValidationError(MESSAGES.invalidTransferSpecs);
    const { requestId, promise } = this.#startTransfers(transferSpecs.transfer_specs);
    if (!callbacks) return promise;
    settle(promise, callbacks);
    return { request_id: requestId };
  }

  /**
   * Checks that the node's control port answers.
   * @param options `remote_host`; `ssh_port` (default `33001`); `timeout_sec` (default `3`)
   * @example await connect.testSshPorts({ remote_host: 'node.example' });
   */
  testSshPorts(
    options: {
      /** The node's host name. */
      remote_host: string;
      /** The port to try. @defaultValue `33001` */
      ssh_port?: number;
      /** How long to wait, in seconds. @defaultValue `3` */
      timeout_sec?: number;
    },
    callbacks?: Callbacks<RequestBody>,
  ): Promise<RequestBody> {
    // No options is the Connect SDK's TypeError (reading remote_host of undefined), not a validation text.
    const remote_host = options.remote_host;
    const { ssh_port = 33001, timeout_sec = 3 } = options;
    return settle(this.#post('/connect/info/ports', { remote_host, ssh_port, timeout_sec }), callbacks);
  }

  /**
   * The client's version.
   * @returns the client's `{ version, system_wide }`
   * @example const { version } = await connect.version();
   */
  version(callbacks?: Callbacks<VersionInfo>): Promise<VersionInfo> {
    return settle(this.#get<VersionInfo>('/connect/info/version'), callbacks);
  }

  #startTransfers(elements: RequestBody[]) {
    const { body, requestId } = startTransfersBody(elements, this.#sessionSettings());
    return {
      requestId,
      promise: this.#send<RequestBody>({ method: 'POST', path: '/connect/transfers/start', body: '' }, body),
    };
  }

  #dialog(endpoint: string, body: RequestBody): Promise<DataTransferResult> {
    const request: BridgeRequest = { method: 'POST', path: `/connect/windows/${endpoint}`, body: '' };
    if (this.#options.extensionRequestTimeout) request.timeoutMs = this.#options.extensionRequestTimeout;
    return this.#send(request, this.#settings(body));
  }

  #get<T = RequestBody>(path: string): Promise<T> {
    return this.#send<T>({ method: 'GET', path, body: '' });
  }

  #post<T = RequestBody>(path: string, body: RequestBody): Promise<T> {
    return this.#send<T>({ method: 'POST', path, body: '' }, this.#settings(body));
  }

  #sessionSettings() {
    return { appId: this.#appId ?? '', authorizationKey: this.#options.authorizationKey };
  }

  #settings(body: RequestBody): RequestBody {
    return withStandardSettings(body, this.#sessionSettings());
  }

  async #send<T>(request: BridgeRequest, body?: RequestBody): Promise<T> {
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

function id(transferId: TransferId): TransferId {
  if (isMissing(transferId)) throw new ValidationError(MESSAGES.missingTransferId);
  return transferId;
}

function needCallbacks<T>(callbacks: Callbacks<T>): void {
  // A plain Error, as the Connect SDK throws it.
  if (typeof callbacks !== 'object' || callbacks === null) throw new Error(MESSAGES.missingCallbacks);
}
