import type { AssetView } from '../../../api/assets.ts';
import type { FolderView } from '../../../api/folders.ts';
import { TRANSFER_MESSAGES } from '../../../api/transfer-messages.ts';
import { aclRelativePath } from '../../../api/transfer-paths.ts';
import type { TransferApi } from './transfer-api.ts';
import type { TransferStarter } from './upload-flow.ts';

/** R-DOCK-CLEANUP: leftover loading-dock files are cleaned this long after the transfer completes. */
export const DOCK_CLEANUP_DELAY_MS = 10_000;

/** How often a dock being prepared is asked about (R-TRANSFER-TIMINGS polling about every 1000 ms). */
export const DOCK_POLL_MS = 1_000;
/** How long the flow waits for a dock to be ready before it gives up (the dock stays on the Loading Dock screen). */
export const DOCK_WAIT_MS = 10 * 60_000;

export type DownloadRequest =
  | { kind: 'assets'; assets: readonly AssetView[] }
  | { kind: 'folder'; folder: FolderView }
  | { kind: 'cart'; cart: { id: number; name: string } }
  | { kind: 'bundle'; bundle: { id: number; name: string } }
  /** A dock already prepared (the Loading Dock screen). */
  | { kind: 'dock'; dock: { loadingDockId: number; notificationId: string } };

/** What the Download dialog offers Standard or Rapid Download for: assets, a cart, a bundle. */
export type DialogDownloadRequest = DownloadRequest & { kind: 'assets' | 'cart' | 'bundle' };

/** What the download flow needs of the page SDK: start, and hear about transfers. */
export interface DownloadClient extends TransferStarter {
  addEventListener(type: 'transfer', listener: (type: string, data: unknown) => void): unknown;
  removeEventListener(type: 'transfer', listener: (type: string, data: unknown) => void): unknown;
}

export type DownloadStart = 'started' | 'no-acl-path' | 'no-spec' | 'start-failed' | 'dock-not-ready';

function uuidOf(started: unknown): string | undefined {
  const uuid = (started as { transfer_specs?: { uuid?: unknown }[] } | undefined)?.transfer_specs?.[0]?.uuid;
  return typeof uuid === 'string' ? uuid : undefined;
}

/** The storage paths of a request that does not go through the loading dock (assets, a folder, a cart's originals). */
export async function pathsOf(
  api: TransferApi,
  request: DownloadRequest & { kind: 'assets' | 'folder' | 'cart' },
): Promise<string[]> {
  if (request.kind === 'assets') return request.assets.map((asset) => asset.path);
  if (request.kind === 'folder') return [request.folder.path];
  return (await api.cartAssets(request.cart.id)).items.map((asset) => asset.path);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * R-DOCK-DOWNLOAD, R-DOCK-CLEANUP download flow: a cart or a bundle is prepared in the loading dock; once the dock is
 * ready the loading dock download workflow (notification id, loading dock id) gives its files, and ONE accelerated
 * transfer takes exactly those, each with its destination; 10 s after it completes the done callback cleans the
 * dock. Assets and folders go straight to the pre-transfer handler. Never a zip.
 */
export class DownloadFlow {
  constructor(
    private readonly deps: {
      client: DownloadClient;
      api: TransferApi;
      log(message: string): void;
      /** The done callback cleaned a dock (the Loading Dock screen reads its docks again). */
      onDockCleaned?(notificationId: string): void;
    },
  ) {}

  async download(request: DownloadRequest, relativePath: string | null): Promise<DownloadStart> {
    const { api, log } = this.deps;
    if (aclRelativePath(relativePath) === undefined) {
      log(TRANSFER_MESSAGES.noAclPermission);
      return 'no-acl-path';
    }
    if (request.kind === 'assets' || request.kind === 'folder')
      return this.#transfer((await pathsOf(api, request)).map((source) => ({ source })));
    const dock =
      request.kind === 'dock'
        ? request.dock
        : await api.prepareLoadingDock(
            request.kind === 'cart' ? { cartId: request.cart.id } : { bundleId: request.bundle.id },
          );
    // R-OLD-DOCK-SCRIPT: a dock without a notification id comes from an old script; said, and the download goes on.
    const notificationId = dock.notificationId || undefined;
    if (!notificationId) log(TRANSFER_MESSAGES.noNotificationId);
    else if (!(await this.#ready(notificationId))) return 'dock-not-ready';
    const listed = await api.loadingDockFiles({
      ...(notificationId ? { notificationId } : {}),
      LoadingDockId: String(dock.loadingDockId),
    });
    return this.#transfer(
      listed.files.map((file) => ({ source: file.source, destination: file.destination })),
      listed.notificationId,
    );
  }

  /** Waits until the dock's files are placed (or its conversions are done): true when it is ready for download. */
  async #ready(notificationId: string): Promise<boolean> {
    const { api } = this.deps;
    for (let waited = 0; waited <= DOCK_WAIT_MS; waited += DOCK_POLL_MS) {
      const dock = await api.loadingDock(notificationId);
      if (dock.state === 'ready') return true;
      if (dock.state !== 'preparing' && dock.state !== 'converting') return false;
      await sleep(DOCK_POLL_MS);
    }
    return false;
  }

  /** One transfer of exactly these paths; with a notification id, the dock is cleaned 10 s after it completes. */
  async #transfer(paths: { source: string; destination?: string }[], notificationId?: string) {
    const { api, client, log } = this.deps;
    const specs = await api.preTransfer({ nodetarget: '/files/download_setup', paths });
    if (specs.length === 0) {
      log(TRANSFER_MESSAGES.emptyPreTransfer);
      return 'no-spec';
    }
    let outcome: DownloadStart = 'start-failed';
    for (const spec of specs) {
      try {
        const uuid = uuidOf(await client.startTransferPromise(spec, { allow_dialogs: false }));
        outcome = 'started';
        if (uuid && notificationId) this.#cleanAfter(uuid, notificationId);
      } catch {
        log(TRANSFER_MESSAGES.startFailed);
      }
    }
    return outcome;
  }

  #cleanAfter(uuid: string, notificationId: string) {
    const { client, api, log } = this.deps;
    const listener = (_type: string, data: unknown) => {
      const transfers = (data as { transfers?: { uuid?: string; status?: string }[] } | undefined)?.transfers;
      if (transfers?.find((each) => each.uuid === uuid)?.status !== 'completed') return;
      client.removeEventListener('transfer', listener);
      setTimeout(() => {
        api
          .loadingDockDone(notificationId)
          .then(() => this.deps.onDockCleaned?.(notificationId))
          .catch((error: Error) => log(error.message));
      }, DOCK_CLEANUP_DELAY_MS);
    };
    client.addEventListener('transfer', listener);
  }
}
