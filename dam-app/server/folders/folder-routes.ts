import {
  copyFolder,
  createFolder,
  deleteFolder,
  folderListing,
  folderTransferPath,
  folderTree,
  getFolder,
  moveFolder,
  renameFolder,
} from '../../api/contract/folders-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as folders from './folder-service.ts';

export const folderRoutes = [
  bindEndpoint(folderTree, ({ services, principal }) => folders.folderTree(services, principal)),
  bindEndpoint(getFolder, ({ services, principal, params }) =>
    folders.getFolder(services, principal, params.id),
  ),
  bindEndpoint(createFolder, ({ services, principal, body }) =>
    folders.createFolder(services, principal, body.parentId, body.name),
  ),
  bindEndpoint(renameFolder, ({ services, principal, params, body }) =>
    folders.renameFolder(services, principal, params.id, body.name),
  ),
  bindEndpoint(moveFolder, ({ services, principal, params, body }) =>
    folders.moveFolder(services, principal, params.id, body.destinationId),
  ),
  bindEndpoint(copyFolder, ({ services, principal, params, body }) =>
    folders.copyFolder(services, principal, params.id, body.destinationId),
  ),
  bindAction(deleteFolder, ({ services, principal, params }) =>
    folders.deleteFolder(services, principal, params.id),
  ),
  bindEndpoint(folderTransferPath, async ({ services, principal, params }) => ({
    id: params.id,
    path: await folders.asperaConvertIdToPath(services, principal, params.id),
  })),
  bindEndpoint(folderListing, async ({ services, principal, params }) => ({
    paths: await folders.listDirectory(services, principal, params.id),
  })),
];
