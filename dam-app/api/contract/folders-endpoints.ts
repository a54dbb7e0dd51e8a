import { okSchema } from '../accounts.ts';
import { idParamSchema } from '../admin.ts';
import {
  createFolderSchema,
  folderDestinationSchema,
  folderPathSchema,
  folderSchema,
  pathListSchema,
  placesTreeSchema,
  renameFolderSchema,
} from '../folders.ts';
import { defineEndpoint } from './define-endpoint.ts';

const tag = 'Folders';
/** A folder change can meet a name taken, a user's checked-out asset below, or a transcoding video (moves). */
const changeConflicts = ['name_taken', 'in_use', 'transcoding', 'destination_has_folder'] as const;

export const folderTree = defineEndpoint({
  method: 'get',
  path: '/folders/tree',
  tag,
  summary: 'The places tree: every folder under the current ACL root',
  auth: 'user',
  response: placesTreeSchema,
  errors: { 409: ['acl_root_missing'] },
});
export const getFolder = defineEndpoint({
  method: 'get',
  path: '/folders/{id}',
  tag,
  summary: 'One folder',
  auth: 'user',
  params: idParamSchema,
  response: folderSchema,
  errors: { 404: ['not_found'] },
});
export const createFolder = defineEndpoint({
  method: 'post',
  path: '/folders',
  tag,
  summary: 'Create a folder (R-FOLDER-NAME folder name rules)',
  auth: 'user',
  body: createFolderSchema,
  response: folderSchema,
  status: 201,
  errors: { 404: ['not_found'], 409: ['name_taken'] },
});
export const renameFolder = defineEndpoint({
  method: 'put',
  path: '/folders/{id}',
  tag,
  summary: 'Rename a folder',
  auth: 'user',
  params: idParamSchema,
  body: renameFolderSchema,
  response: folderSchema,
  errors: { 404: ['not_found'], 409: changeConflicts },
});
export const moveFolder = defineEndpoint({
  method: 'post',
  path: '/folders/{id}/move',
  tag,
  summary: 'Move a folder into another (blocked while its videos transcode)',
  auth: 'user',
  params: idParamSchema,
  body: folderDestinationSchema,
  response: folderSchema,
  errors: {
    400: ['onto_child_or_parent'],
    404: ['not_found', 'destination_not_allowed'],
    409: changeConflicts,
  },
});
export const copyFolder = defineEndpoint({
  method: 'post',
  path: '/folders/{id}/copy',
  tag,
  summary: 'Copy a folder, with its assets, into another',
  auth: 'user',
  params: idParamSchema,
  body: folderDestinationSchema,
  response: folderSchema,
  status: 201,
  errors: {
    400: ['onto_child_or_parent'],
    404: ['not_found', 'destination_not_allowed'],
    409: changeConflicts,
  },
});
export const deleteFolder = defineEndpoint({
  method: 'delete',
  path: '/folders/{id}',
  tag,
  summary: 'Delete a folder to the trash (its assets can be restored)',
  auth: 'user',
  params: idParamSchema,
  response: okSchema,
  errors: { 404: ['not_found'], 409: ['in_use'] },
});
export const folderTransferPath = defineEndpoint({
  method: 'get',
  path: '/folders/{id}/path',
  tag,
  summary: 'asperaconvertidtopath: the folder’s path on the transfer node',
  auth: 'user',
  params: idParamSchema,
  response: folderPathSchema,
  errors: { 404: ['not_found'] },
});
export const folderListing = defineEndpoint({
  method: 'get',
  path: '/folders/{id}/listing',
  tag,
  summary: 'list_directory: the paths a folder holds in storage',
  auth: 'user',
  params: idParamSchema,
  response: pathListSchema,
  errors: { 404: ['not_found'] },
});
