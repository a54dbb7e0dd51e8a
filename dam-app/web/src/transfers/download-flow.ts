import type { AssetView } from '../../../api/assets.ts';
import type { FolderView } from '../../../api/folders.ts';
import { TRANSFER_MESSAGES } from '../../../api/transfer-messages.ts';
import { aclRelativePath } from '../../../api/transfer-paths.ts';
import type { TransferApi } from './transfer-api.ts';
import type { TransferStarter } from './upload-flow.ts';

/** R-DOCK-CLEANUP: leftover loading-dock files are cleaned this long after the transfer completes. */
export const DOCK_CLEANUP_DELAY_MS = 10_000;

export type DownloadRequest =
  | { kind: 'assets'; assets: readonly AssetView[] }
  | { kind: 'folder'; folder: FolderView }
  | { kind: 'cart'; cart: { id: number; name: string } };

/** What the download flow needs of the page SDK: start, and hear about transfers. */
export interface DownloadClient extends TransferStarter {
  addEventListener(type: 'transfer', listener: (type: string, data: unknown) => void): unknown;
  removeEventListener(type: 'transfer', listener: (type: string, data: unknown) => void): unknown;
}

export type DownloadStart = 'started' | 'no-acl-path' | 'no-spec' | 'start-failed';

function uuidOf(started: unknown): string | undefined {
  const uuid = (started as { transfer_specs?: { uuid?: unknown }[] } | undefined)?.transfer_specs?.[0]?.uuid;
  return typeof uuid === 'string' ? uuid : undefined;
}

/** The storage paths a request downloads (a cart's come from the loading dock workflow's assets). */
export async function pathsOf(api: TransferApi, request: DownloadRequest): Promise<string[]> {
  if (request.kind === 'assets') return request.assets.map((asset) => asset.path);
  if (request.kind === 'folder') return [request.folder.path];
  return (await api.cartAssets(request.cart.id)).items.map((asset) => asset.path);
}

/**
 * R-DOCK-DOWNLOAD, R-DOCK-CLEANUP download flow: a cart goes through the loading dock workflow (notification id, loading dock id) and its
 * leftovers are cleaned through the done callback 10 s after the transfer completes; assets and folders go straight
 * to the pre-transfer handler. Each is one accelerated transfer of many paths, never a zip.
 */
export class DownloadFlow {
  constructor(
    private readonly deps: {
      client: DownloadClient;
      api: TransferApi;
      log(message: string): void;
    },
  ) {}

  async download(request: DownloadRequest, relativePath: string | null): Promise<DownloadStart> {
    const { api, client, log } = this.deps;
    if (aclRelativePath(relativePath) === undefined) {
      log(TRANSFER_MESSAGES.noAclPermission);
      return 'no-acl-path';
    }
    let notificationId: string | undefined;
    if (request.kind === 'cart') {
      const dock = await api.prepareLoadingDock({ cartId: request.cart.id });
      notificationId = dock.notificationId || undefined;
      if (!notificationId) log(TRANSFER_MESSAGES.noNotificationId);
    }
    const paths = await pathsOf(api, request);
    const specs = await api.preTransfer({
      nodetarget: '/files/download_setup',
      paths: paths.map((source) => ({ source })),
    });
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
        api.loadingDockDone(notificationId).catch((error: Error) => log(error.message));
      }, DOCK_CLEANUP_DELAY_MS);
    };
    client.addEventListener('transfer', listener);
  }
}
