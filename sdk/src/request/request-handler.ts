import { isInstallIssue } from '@rapid/protocol';
import type {
  Bridge,
  BridgeFactories,
  BridgeRequest,
  BridgeResponse,
  DetectProgress,
} from '../bridge/bridge.ts';
import { errorObject } from '../connect/errors.ts';
import { MESSAGES } from '../connect/messages.ts';
import { type InternalStatus, STATUS } from '../connect/status.ts';
import { Logger } from '../logger/logger.ts';
import { STORAGE_KEYS, writeStored } from '../util/storage.ts';
import { isAtLeast } from '../util/version.ts';
import { delay } from './delay.ts';
import { selectBridge } from './select-bridge.ts';

const CLIENT_DETECTION_RETRY_MS = 1000;
const OUTDATED_RECHECK_MS = 1000;
const UNREACHABLE_RECHECK_MS = 500;
/** Status-0 activity polls answered to the caller as an empty error before they are queued (spec §8). */
const TOLERATED_POLLING_ERRORS = 3;
const ACTIVITY_PATH = '/connect/transfers/activity';
const VERSION_REQUEST: BridgeRequest = { method: 'GET', path: '/connect/info/version', body: '' };

export interface HandlerOptions {
  factories: BridgeFactories;
  httpOnly: boolean;
  wantsExtensionInstall: boolean;
  /** The higher of the page's minimum and 3.8.0. */
  effectiveMinVersion: string;
  connectLaunchWaitTimeoutMs: number;
  /** Ids of this instance: `objectId * 10000 + n`, detection probes `objectId * 10500` (connect-protocol.md §5.3). */
  objectId: number;
  onStatus: (status: InternalStatus) => void;
  /** Asks the page to show the extension-install banner. */
  requestExtensionInstall: () => void;
  /** JSON body of `POST /connect/update/require`, settings included. */
  updateRequireBody: () => string;
  onRunning?: () => void;
  /** The init timeout failed the session while the extension was in use: time to explain why. */
  onExtensionTimeout?: () => void;
}

interface Queued {
  request: BridgeRequest;
  resolve: (response: BridgeResponse) => void;
  reject: (error: unknown) => void;
}

/**
 * The status machine of connect-bridge.md §4: select a bridge, detect and version-check the client, queue requests
 * until RUNNING, requeue unanswered (status 0) ones, recover from a lost client, and fail on timeout or on a
 * disconnect that means "not installed". Once stopped, every request is refused.
 */
export class RequestHandler {
  #status: InternalStatus = STATUS.INITIALIZING;
  #bridge: Bridge | undefined;
  #queue: Queued[] = [];
  #nextId = 0;
  #everSucceeded = false;
  #recovering = false;
  #pollingErrors = 0;
  readonly #stop = new AbortController();

  constructor(private readonly options: HandlerOptions) {}

  get status(): InternalStatus {
    return this.#status;
  }

  init(): void {
    this.#setStatus(STATUS.INITIALIZING);
    this.#armInitTimeout();
    void this.#start();
  }

  /** Sends now when RUNNING, otherwise queues until then; rejects with the stopped error once stopped. */
  send(request: BridgeRequest): Promise<BridgeResponse> {
    return new Promise((resolve, reject) => {
      const queued = { request, resolve, reject };
      if (this.#status === 'STOPPED') reject(errorObject(MESSAGES.stopped));
      else if (this.#status === STATUS.RUNNING) void this.#dispatch(queued);
      else this.#queue.push(queued);
    });
  }

  stop(): void {
    if (this.#status === 'STOPPED') return;
    this.#stop.abort();
    this.#bridge?.stop();
    this.#setStatus('STOPPED');
    for (const item of this.#queue.splice(0)) item.reject(errorObject(MESSAGES.stopped));
  }

  /** Stops, handing the requests still waiting to `successor` instead of refusing them (bridge switch). */
  replaceWith(successor: RequestHandler): void {
    const waiting = this.#queue.splice(0);
    this.stop();
    for (const item of waiting) successor.send(item.request).then(item.resolve, item.reject);
  }

  async #start(): Promise<void> {
    const { options } = this;
    const bridge = await selectBridge(
      {
        factories: options.factories,
        httpOnly: options.httpOnly,
        wantsExtensionInstall: options.wantsExtensionInstall,
        onExtensionInstall: () => {
          this.#setStatus(STATUS.EXTENSION_INSTALL);
          options.requestExtensionInstall();
        },
        onProgress: (status) => this.#progress(status),
      },
      this.#stop.signal,
    );
    if (this.#stop.signal.aborted) return;
    if (!bridge) return this.#setStatus(STATUS.FAILED);
    this.#bridge = bridge;
    bridge.onDisconnect((detail) => this.#onDisconnect(detail));
    await this.#detectClient(bridge);
  }

  /** `GET /connect/info/version` with the fixed probe id until the client answers, then the version check. */
  async #detectClient(bridge: Bridge): Promise<void> {
    const probeId = this.options.objectId * 10500;
    const signal = this.#stop.signal;
    while (!signal.aborted) {
      // The probe is re-sent every second while unanswered, as well as after a status-0 answer.
      const response = await answerWithin(bridge.send(VERSION_REQUEST, probeId), CLIENT_DETECTION_RETRY_MS);
      if (signal.aborted) return;
      if (response === undefined) continue;
      if (response.status !== 0) {
        if (response.status === 503 || !this.#versionAcceptable(response)) await this.#outdated(bridge);
        else this.#running();
        return;
      }
      await delay(CLIENT_DETECTION_RETRY_MS, signal);
    }
  }

  /** OUTDATED: ask the client to update, then re-check every second until it is new enough (spec §4 step 5). */
  async #outdated(bridge: Bridge): Promise<void> {
    const signal = this.#stop.signal;
    this.#setStatus(STATUS.OUTDATED);
    const body = this.options.updateRequireBody();
    await bridge.send({ method: 'POST', path: '/connect/update/require', body }, this.#id());
    while (!signal.aborted) {
      await delay(OUTDATED_RECHECK_MS, signal);
      let response = await bridge.send(VERSION_REQUEST, this.#id());
      while (response.status === 0 && !signal.aborted) {
        await delay(UNREACHABLE_RECHECK_MS, signal);
        response = await bridge.send(VERSION_REQUEST, this.#id());
      }
      if (signal.aborted) return;
      if (response.status !== 503 && this.#versionAcceptable(response)) return this.#running();
    }
  }

  #versionAcceptable({ body }: BridgeResponse): boolean {
    const version = readVersion(body);
    if (version === undefined) {
      Logger.error(MESSAGES.versionUnparseable, body);
      return true;
    }
    return isAtLeast(version, this.options.effectiveMinVersion);
  }

  #running() {
    this.#everSucceeded = true;
    this.#recovering = false;
    writeStored(STORAGE_KEYS.lastDetected, String(Date.now()));
    this.#setStatus(STATUS.RUNNING);
    this.options.onRunning?.();
    this.#flush();
  }

  #armInitTimeout() {
    setTimeout(() => {
      const settled: InternalStatus[] = [
        STATUS.RUNNING,
        STATUS.OUTDATED,
        STATUS.EXTENSION_INSTALL,
        'STOPPED',
      ];
      if (settled.includes(this.#status)) return;
      this.#setStatus(STATUS.FAILED);
      if (this.#bridge?.kind === 'extension') this.options.onExtensionTimeout?.();
    }, this.options.connectLaunchWaitTimeoutMs);
  }

  #onDisconnect(detail: string) {
    if (this.#status === STATUS.OUTDATED || this.#status === 'STOPPED') return;
    if (isInstallIssue(detail) && !this.#everSucceeded) {
      this.#setStatus(STATUS.FAILED);
      return;
    }
    void this.#recover();
  }

  /** A lost client: DEGRADED (extension) or RETRYING (HTTP), re-detect, and the init timeout applies again. */
  async #recover(): Promise<void> {
    const bridge = this.#bridge;
    if (!bridge || this.#recovering || this.#stop.signal.aborted) return;
    this.#recovering = true;
    this.#setStatus(bridge.kind === 'http' ? STATUS.RETRYING : 'DEGRADED');
    this.#armInitTimeout();
    if (bridge.kind === 'http') {
      const onProgress = (status: DetectProgress) => this.#progress(status);
      if (!(await bridge.detect(-1, this.#stop.signal, onProgress))) return;
    }
    await this.#detectClient(bridge);
  }

  /**
   * A detection step (the HTTP bridge's sweeps). Once the init timeout said FAILED it stays FAILED until the client
   * is found (connect-bridge.md §4 step 6): a sweep after it must not bring the page's banner back to "launching".
   */
  #progress(status: DetectProgress) {
    if (this.#status !== STATUS.FAILED) this.#setStatus(status);
  }

  #flush() {
    for (const item of this.#queue.splice(0)) void this.#dispatch(item);
  }

  #id(): number {
    return this.options.objectId * 10000 + ++this.#nextId;
  }

  async #dispatch(item: Queued) {
    const bridge = this.#bridge;
    if (!bridge) return this.#queue.push(item);
    const response = await bridge.send(item.request, this.#id());
    if (this.#status === 'STOPPED') return item.reject(errorObject(MESSAGES.stopped));
    const isActivity = item.request.path === ACTIVITY_PATH;
    if (response.status === 0) {
      if (isActivity && this.#pollingErrors < TOLERATED_POLLING_ERRORS) {
        this.#pollingErrors += 1;
        return item.resolve({ status: 0, body: '{}' });
      }
      this.#queue.push(item);
      if (this.#status === STATUS.RUNNING) void this.#recover();
      return;
    }
    if (isActivity) this.#pollingErrors = 0;
    if (this.#status === 'DEGRADED' || this.#status === STATUS.RETRYING) this.#running();
    item.resolve(response);
  }

  #setStatus(status: InternalStatus) {
    if (status === this.#status && status !== STATUS.INITIALIZING) return;
    this.#status = status;
    this.options.onStatus(status);
  }
}

function answerWithin(answer: Promise<BridgeResponse>, ms: number): Promise<BridgeResponse | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    answer.then((response) => {
      clearTimeout(timer);
      resolve(response);
    });
  });
}

function readVersion(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { version?: unknown };
    return typeof parsed.version === 'string' ? parsed.version : undefined;
  } catch {
    return undefined;
  }
}
