import { okSchema } from '../accounts.ts';
import {
  createFolderSchema,
  folderDestinationSchema,
  folderPathSchema,
  folderSchema,
  pathListSchema,
  placesTreeSchema,
  renameFolderSchema,
} from '../folders.ts';
import { endpointGroup } from './define-endpoint.ts';
import { errors, inUse, notFound } from './error-sets.ts';
import { idParams } from './params.ts';

const folders = endpointGroup('Folders', 'user');
/** A folder change can meet a name taken, a user's checked-out asset below, or a transcoding video (moves). */
const changeConflicts = { 409: ['name_taken', 'in_use', 'transcoding', 'destination_has_folder'] };
/** A move or a copy: into itself or its parent, into a folder the person may not use, or meeting a conflict. */
const placeErrors = errors(
  { 400: ['onto_child_or_parent'], 404: ['not_found', 'destination_not_allowed'] },
  changeConflicts,
);

export const folderTree = folders.get('/folders/tree', {
  summary: 'The places tree: every folder under the current ACL root',
  response: placesTreeSchema,
  errors: { 409: ['acl_root_missing'] },
});
export const getFolder = folders.get('/folders/{id}', {
  summary: 'One folder',
  params: idParams,
  response: folderSchema,
  errors: notFound,
});
export const createFolder = folders.post('/folders', {
  summary: 'Create a folder (R-FOLDER-NAME folder name rules)',
  body: createFolderSchema,
  response: folderSchema,
  status: 201,
  errors: errors(notFound, { 409: ['name_taken'] }),
});
export const renameFolder = folders.put('/folders/{id}', {
  summary: 'Rename a folder',
  params: idParams,
  body: renameFolderSchema,
  response: folderSchema,
  errors: errors(notFound, changeConflicts),
});
export const moveFolder = folders.post('/folders/{id}/move', {
  summary: 'Move a folder into another (blocked while its videos transcode)',
  params: idParams,
  body: folderDestinationSchema,
  response: folderSchema,
  errors: placeErrors,
});
export const copyFolder = folders.post('/folders/{id}/copy', {
  summary: 'Copy a folder, with its assets, into another',
  params: idParams,
  body: folderDestinationSchema,
  response: folderSchema,
  status: 201,
  errors: placeErrors,
});
export const deleteFolder = folders.delete('/folders/{id}', {
  summary: 'Delete a folder to the trash (its assets can be restored)',
  params: idParams,
  response: okSchema,
  errors: errors(notFound, inUse),
});
export const folderTransferPath = folders.get('/folders/{id}/path', {
  summary: 'asperaconvertidtopath: the folder’s path on the transfer node',
  params: idParams,
  response: folderPathSchema,
  errors: notFound,
});
export const folderListing = folders.get('/folders/{id}/listing', {
  summary: 'list_directory: the paths a folder holds in storage',
  params: idParams,
  response: pathListSchema,
  errors: notFound,
});
