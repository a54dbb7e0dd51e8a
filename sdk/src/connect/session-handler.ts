import { EVENT_NAMES } from '@rapid/protocol';
import type { BridgeFactories, BridgeRequest, BridgeResponse } from '../bridge/bridge.ts';
import { RequestHandler } from '../request/request-handler.ts';
import { isAtLeast } from '../util/version.ts';
import { bridgeFactories } from './bridge-factories.ts';
import { diagnoseExtensionTimeout } from './diagnose-extension.ts';
import { installerSupport } from './installer-support.ts';
import type { ResolvedOptions } from './options.ts';
import { type InternalStatus, STATUS } from './status.ts';
import { CONTINUE_MESSAGE, versionExceptionActive } from './version-exception.ts';

/** Overrides the bridges a new session uses; for contract tests that run one API suite over every bridge. */
export const bridgeOverride: { factories?: (options: ResolvedOptions) => BridgeFactories } = {};

export interface SessionHooks {
  objectId: number;
  onStatus: (status: InternalStatus) => void;
  /** JSON body of `POST /connect/update/require`, settings included. */
  updateRequireBody: () => string;
  onRunning: () => void;
}

/**
 * A Connect instance's session with the client: the current request handler, started on `start()`, and swapped
 * for an HTTP one (queued requests carried over) when the installer says `continue` before RUNNING
 * (connect-protocol.md §4.3). Only the current handler's statuses reach the instance.
 */
export class SessionHandler {
  #handler: RequestHandler | undefined;
  #listening = false;

  constructor(
    private readonly options: ResolvedOptions,
    private readonly hooks: SessionHooks,
  ) {}

  get started(): boolean {
    return this.#handler !== undefined;
  }

  get running(): boolean {
    return this.#handler !== undefined && this.#handler.status !== 'STOPPED';
  }

  start(): void {
    if (this.running) return;
    const { options } = this;
    const chosenHttp = options.connectMethodChosen && options.connectMethod === 'http';
    this.#handler = this.#create(chosenHttp || versionExceptionActive());
    this.#handler.init();
    this.#listenForContinue();
  }

  stop(): void {
    this.#handler?.stop();
  }

  /** Rejects with the stopped error after `stop()`; callers check `started` first. */
  send(request: BridgeRequest): Promise<BridgeResponse> {
    if (!this.#handler) return Promise.reject(new Error('no session'));
    return this.#handler.send(request);
  }

  #create(httpOnly: boolean): RequestHandler {
    const { options, hooks } = this;
    const handler: RequestHandler = new RequestHandler({
      factories: (bridgeOverride.factories ?? bridgeFactories)(options),
      httpOnly,
      wantsExtensionInstall:
        !httpOnly &&
        (options.connectMethod === 'extension' ||
          (installerSupport.supportsInstallingExtensions && isAtLeast(options.effectiveMinVersion, '3.9'))),
      effectiveMinVersion: options.effectiveMinVersion,
      connectLaunchWaitTimeoutMs: options.connectLaunchWaitTimeoutMs,
      objectId: hooks.objectId,
      onStatus: (status) => {
        if (this.#handler === handler) hooks.onStatus(status);
      },
      requestExtensionInstall: () => window.postMessage(EVENT_NAMES.showExtensionInstall, '*'),
      updateRequireBody: hooks.updateRequireBody,
      onRunning: hooks.onRunning,
      onExtensionTimeout: () => void diagnoseExtensionTimeout(),
    });
    return handler;
  }

  #listenForContinue() {
    if (this.#listening || typeof window === 'undefined') return;
    this.#listening = true;
    window.addEventListener('message', (event) => {
      const current = this.#handler;
      if (event.source !== window || event.data !== CONTINUE_MESSAGE || !current) return;
      if (current.status === STATUS.RUNNING || current.status === 'STOPPED') return;
      this.#handler = this.#create(true);
      current.replaceWith(this.#handler);
      this.#handler.init();
    });
  }
}
