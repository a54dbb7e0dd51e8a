import { okSchema } from '../../../api/accounts.ts';
import {
  getLoadingDock,
  loadingDockDone,
  loadingDockDownload,
  prepareDownload,
} from '../../../api/contract/loading-dock-endpoints.ts';
import { listCartAssets, listCarts } from '../../../api/contract/working-sets-endpoints.ts';
import { folderPathSchema } from '../../../api/folders.ts';
import {
  nodeCredentialsSchema,
  transferSpecsSchema,
  uploadFileFinishAnswerSchema,
} from '../../../api/transfers.ts';
import { type ApiClient, api } from '../api/api-client.ts';
import type { UploadActions } from './upload-monitor.ts';

export type TransferSpec = Record<string, unknown>;

/** The DAM calls of R-PRE-TRANSFER, R-NODE-CREDENTIALS, R-UPLOAD-ACTIONS, R-DOCK-DOWNLOAD the transfer flows make, parsed with the shared schemas. */
export function transferApi(client: ApiClient = api) {
  return {
    /** The pre-transfer handler workflow, upload or download. */
    async preTransfer(body: {
      nodetarget: '/files/upload_setup' | '/files/download_setup';
      destDirId?: number | null;
      transferCount?: number;
      paths: { source?: string; destination?: string }[];
    }): Promise<TransferSpec[]> {
      const answer = await client.post('/transfers/pre-transfer', transferSpecsSchema, {
        nodetarget: body.nodetarget,
        ...(body.destDirId !== undefined ? { destDirId: body.destDirId } : {}),
        ...(body.transferCount !== undefined ? { transferCount: body.transferCount } : {}),
        transfer_spec: { paths: body.paths },
      });
      return answer.transfer_specs.map((each) => each.transfer_spec);
    },
    nodeCredentials: (cookie: string, nodeUrl: string) =>
      client.post('/transfers/node-credentials', nodeCredentialsSchema, { cookie, nodeUrl }),
    /** asperaconvertidtopath. */
    folderPath: (id: number) => client.get(`/folders/${id}/path`, folderPathSchema),
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
    sessionStart: (cookie, path) => client.post('/utils/UploadSessionStart', okSchema, { cookie, path }),
    fileFinish: (cookie, paths) =>
      client.post('/utils/UploadFileFinish', uploadFileFinishAnswerSchema, { cookie, paths }),
    sessionFinish: (cookie, path) => client.post('/utils/UploadSessionFinish', okSchema, { cookie, path }),
    errorUpload: (id, message) => client.post('/utils/error_upload', okSchema, { id, message }),
    cancelledUpload: (id, filename) => client.post('/utils/cancelled_upload', okSchema, { id, filename }),
  };
}
