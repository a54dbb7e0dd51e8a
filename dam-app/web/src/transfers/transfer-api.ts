import { folderTransferPath } from '../../../api/contract/folders-endpoints.ts';
import {
  getLoadingDock,
  loadingDockDone,
  loadingDockDownload,
  prepareDownload,
} from '../../../api/contract/loading-dock-endpoints.ts';
import {
  cancelledUpload,
  errorUpload,
  nodeCredentials,
  preTransfer,
  uploadFileFinish,
  uploadSessionFinish,
  uploadSessionStart,
} from '../../../api/contract/transfer-endpoints.ts';
import { listCartAssets, listCarts } from '../../../api/contract/working-sets-endpoints.ts';
import { type ApiClient, api } from '../api/api-client.ts';
import type { UploadActions } from './upload-monitor.ts';

export type TransferSpec = Record<string, unknown>;

/**
 * The DAM calls of R-PRE-TRANSFER, R-NODE-CREDENTIALS, R-UPLOAD-ACTIONS, R-DOCK-DOWNLOAD the transfer flows make, parsed with the shared schemas.
 * `workspaceId` is the site's workspace (R-PLATFORM-SETTINGS), read when a transfer is set up; `damWorkspaceId` the
 * person's DAM workspace, sent with an upload so its form can be the workspace's (R-WORKSPACE-UPLOAD-FORM).
 */
export function transferApi(
  client: ApiClient = api,
  workspaceId: () => string | undefined = () => undefined,
  damWorkspaceId: () => number | undefined = () => undefined,
) {
  return {
    /** The pre-transfer handler workflow, upload or download. */
    async preTransfer(body: {
      nodetarget: '/files/upload_setup' | '/files/download_setup';
      destDirId?: number | null;
      transferCount?: number;
      paths: { source?: string; destination?: string }[];
    }): Promise<TransferSpec[]> {
      const workspace = workspaceId();
      const damWorkspace = body.nodetarget === '/files/upload_setup' ? damWorkspaceId() : undefined;
      const answer = await client.call(preTransfer, {
        body: {
          ...(workspace !== undefined ? { workspaceId: workspace } : {}),
          ...(damWorkspace !== undefined ? { damWorkspaceId: damWorkspace } : {}),
          nodetarget: body.nodetarget,
          ...(body.destDirId !== undefined ? { destDirId: body.destDirId } : {}),
          ...(body.transferCount !== undefined ? { transferCount: body.transferCount } : {}),
          transfer_spec: { paths: body.paths },
        },
      });
      return answer.transfer_specs.map((each) => each.transfer_spec);
    },
    nodeCredentials: (cookie: string, nodeUrl: string) =>
      client.call(nodeCredentials, { body: { cookie, nodeUrl } }),
    /** asperaconvertidtopath. */
    folderPath: (id: number) => client.call(folderTransferPath, { params: { id } }),
    prepareLoadingDock: (body: { ids?: number[]; cartId?: number; bundleId?: number }) =>
      client.call(prepareDownload, { body }),
    loadingDock: (notificationId: string) => client.call(getLoadingDock, { params: { notificationId } }),
    /** R-DOCK-DOWNLOAD the loading dock download workflow: the dock's files, each with its destination. */
    loadingDockFiles: (query: { notificationId?: string; LoadingDockId?: string }) =>
      client.call(loadingDockDownload, { query }),
    loadingDockDone: (notificationId: string) => client.call(loadingDockDone, { params: { notificationId } }),
    carts: () => client.call(listCarts),
    cartAssets: (id: number) => client.call(listCartAssets, { params: { id } }),
  };
}
export type TransferApi = ReturnType<typeof transferApi>;

/** The utils actions of the upload flow (R-UPLOAD-ACTIONS). */
export function uploadActions(client: ApiClient = api): UploadActions {
  return {
    sessionStart: (cookie, path) => client.call(uploadSessionStart, { body: { cookie, path } }),
    fileFinish: (cookie, paths) => client.call(uploadFileFinish, { body: { cookie, paths } }),
    sessionFinish: (cookie, path) => client.call(uploadSessionFinish, { body: { cookie, path } }),
    errorUpload: (id, message, code) => client.call(errorUpload, { body: { id, message, code } }),
    cancelledUpload: (id, filename) => client.call(cancelledUpload, { body: { id, filename } }),
  };
}
