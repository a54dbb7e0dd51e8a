import type { BridgeRequest } from '../bridge/bridge.ts';
import { DRIVE_PORT, LegacyHttpBridge } from '../bridge/http-legacy/legacy-http-bridge.ts';
import { type Callbacks, settle } from '../connect/callbacks.ts';
import type { RequestBody } from '../connect/connect.ts';
import { errorObject } from '../connect/errors.ts';
import { parseResponse } from '../request/parse-response.ts';

/**
 * A checked-out file (connect-bridge.md §3).
 *
 * @example const { checkouts = [] } = await drive.checkout(['1/42']); checkouts.map((c: DriveCheckout) => c.path);
 */
export interface DriveCheckout {
  /** Pass it to `checkin` or `revert`. */
  checkout_id: string;
  /** The Drive account holding the file. */
  account_id: string;
  /** The lock the checkout holds on the file. */
  filelock: {
    /** The locked file's id. */
    file_id: string;
    /** When it was locked (ISO 8601). */
    created_at: string;
    /** Who locked it. */
    created_by_id: string;
    /** What locked it (`user`, `app`…). */
    created_by_type: string;
    /** The lock's tags, as the node keeps them. */
    tags?: unknown;
  };
  /** The file's name. */
  name: string;
  /** Its local path while checked out. */
  path: string;
}

/**
 * What `checkout` answers.
 *
 * @example const { checkouts = [] }: DriveCheckouts = await drive.checkout(['1/42']);
 */
export interface DriveCheckouts {
  /** The checkouts made. */
  checkouts?: DriveCheckout[];
}

/**
 * Options of `new DriveClient(options)`.
 *
 * @example const drive = new DriveClient({ launch: (uri) => Utils.launchConnect(uri) });
 */
export interface DriveClientOptions {
  /** Opens the Drive client; by default nothing is launched and the client must already run. @defaultValue a no-op */
  launch?: (uri: string) => void;
  /** The first local port to look for the Drive client on. @defaultValue `44003` */
  firstPort?: number;
}

/**
 * The Drive client's local API (connect-bridge.md §7, 3.9/4.0 era): accounts and checkouts over the legacy
 * session protocol on port 44003. Calls wait for the client to be found; each takes callbacks and returns a
 * promise, like `Connect`'s.
 *
 * @example const accounts = await new DriveClient().getAccounts();
 */
export class DriveClient {
  readonly #bridge: LegacyHttpBridge;
  readonly #stop = new AbortController();
  #found: Promise<boolean> | undefined;

  /**
   * Creates the client; the Drive client is looked for at the first call.
   * @example const drive = new DriveClient();
   */
  constructor(options: DriveClientOptions = {}) {
    this.#bridge = new LegacyHttpBridge({
      firstPort: options.firstPort ?? DRIVE_PORT,
      launch: options.launch ?? (() => {}),
    });
  }

  /**
   * The Drive accounts the client holds.
   * @example const accounts = await drive.getAccounts();
   */
  getAccounts(callbacks?: Callbacks<RequestBody>): Promise<RequestBody> {
    return settle(this.#send({ method: 'GET', path: '/account', body: '' }), callbacks);
  }

  /**
   * One Drive account.
   * @example const account = await drive.getAccount('acme');
   */
  getAccount(accountId: string, callbacks?: Callbacks<RequestBody>): Promise<RequestBody> {
    const path = `/account/${encodeURIComponent(accountId)}`;
    return settle(this.#send({ method: 'GET', path, body: '' }), callbacks);
  }

  /**
   * Checks files out by their `id_path`s.
   * @example const { checkouts } = await drive.checkout(['1/42']);
   */
  checkout(idPaths: string[], callbacks?: Callbacks<DriveCheckouts>): Promise<DriveCheckouts> {
    return settle(
      this.#send<DriveCheckouts>({
        method: 'POST',
        path: '/checkouts',
        body: JSON.stringify({ id_path: idPaths }),
      }),
      callbacks,
    );
  }

  /**
   * Checks the given checkouts back in.
   * @example await drive.checkin([checkout.checkout_id]);
   */
  checkin(checkoutIds: string[], callbacks?: Callbacks<RequestBody>): Promise<RequestBody> {
    const body = JSON.stringify({ checkout_ids: checkoutIds });
    return settle(this.#send({ method: 'DELETE', path: '/checkouts', body }), callbacks);
  }

  /**
   * Drops the given checkouts' local changes.
   * @example await drive.revert([checkout.checkout_id]);
   */
  revert(checkoutIds: string[], callbacks?: Callbacks<RequestBody>): Promise<RequestBody> {
    const body = JSON.stringify({ checkout_ids: checkoutIds });
    return settle(this.#send({ method: 'REVERT', path: '/checkouts', body }), callbacks);
  }

  /**
   * Stops looking for the Drive client; later calls fail with `Drive is stopped.`
   * @example drive.stop();
   */
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
