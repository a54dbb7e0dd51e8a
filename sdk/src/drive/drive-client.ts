import type { BridgeRequest } from '../bridge/bridge.ts';
import { DRIVE_PORT, LegacyHttpBridge } from '../bridge/http-legacy/legacy-http-bridge.ts';
import { type Callbacks, settle } from '../connect/callbacks.ts';
import { errorObject } from '../connect/errors.ts';
import { parseResponse } from '../request/parse-response.ts';

type Body = Record<string, unknown>;

/** A checked-out file (connect-bridge.md §3). */
export interface DriveCheckout {
  checkout_id: string;
  account_id: string;
  filelock: {
    file_id: string;
    created_at: string;
    created_by_id: string;
    created_by_type: string;
    tags?: unknown;
  };
  name: string;
  path: string;
}

export interface DriveClientOptions {
  /** Opens the Drive client; by default nothing is launched and the client must already run. */
  launch?: (uri: string) => void;
  firstPort?: number;
}

/**
 * The Drive client's local API (connect-bridge.md §7, 3.9/4.0 era): accounts and checkouts over the legacy
 * session protocol on port 44003. Calls wait for the client to be found; each takes callbacks and returns a
 * promise, like `Connect`'s.
 */
export class DriveClient {
  readonly #bridge: LegacyHttpBridge;
  readonly #stop = new AbortController();
  #found: Promise<boolean> | undefined;

  constructor(options: DriveClientOptions = {}) {
    this.#bridge = new LegacyHttpBridge({
      firstPort: options.firstPort ?? DRIVE_PORT,
      launch: options.launch ?? (() => {}),
    });
  }

  getAccounts(callbacks?: Callbacks<Body>): Promise<Body> {
    return settle(this.#send({ method: 'GET', path: '/account', body: '' }), callbacks);
  }

  getAccount(accountId: string, callbacks?: Callbacks<Body>): Promise<Body> {
    const path = `/account/${encodeURIComponent(accountId)}`;
    return settle(this.#send({ method: 'GET', path, body: '' }), callbacks);
  }

  /** Checks files out by their `id_path`s. */
  checkout(
    idPaths: string[],
    callbacks?: Callbacks<{ checkouts?: DriveCheckout[] }>,
  ): Promise<{ checkouts?: DriveCheckout[] }> {
    return settle(
      this.#send<{ checkouts?: DriveCheckout[] }>({
        method: 'POST',
        path: '/checkouts',
        body: JSON.stringify({ id_path: idPaths }),
      }),
      callbacks,
    );
  }

  /** Checks the given checkouts back in. */
  checkin(checkoutIds: string[], callbacks?: Callbacks<Body>): Promise<Body> {
    const body = JSON.stringify({ checkout_ids: checkoutIds });
    return settle(this.#send({ method: 'DELETE', path: '/checkouts', body }), callbacks);
  }

  /** Drops the given checkouts' local changes. */
  revert(checkoutIds: string[], callbacks?: Callbacks<Body>): Promise<Body> {
    const body = JSON.stringify({ checkout_ids: checkoutIds });
    return settle(this.#send({ method: 'REVERT', path: '/checkouts', body }), callbacks);
  }

  stop(): void {
    this.#stop.abort();
    this.#bridge.stop();
  }

  async #send<T>(request: BridgeRequest): Promise<T> {
    this.#found ??= this.#bridge.detect(-1, this.#stop.signal);
    if (!(await this.#found)) throw errorObject('Drive is stopped.');
    const result = parseResponse(await this.#bridge.send(request));
    if (!result.ok) throw result.error;
    return result.value as T;
  }
}
