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
import { endpointGroup } from './endpoint-group.ts';
import { errors, inUse, notFound } from './error-sets.ts';
import { idParams } from './params.ts';

const folders = endpointGroup('Folders', 'user');
const folder = folders.item('/folders/{id}', idParams);
/** A folder change can meet a name taken, a user's checked-out asset below, or a transcoding video (moves). */
const changeConflicts = { 409: ['name_taken', 'in_use', 'transcoding', 'destination_has_folder'] };
/** A move or a copy: into itself or its parent, into a folder the person may not use, or meeting a conflict. */
const placeErrors = errors(
  { 400: ['onto_child_or_parent'], 404: ['destination_not_allowed'] },
  changeConflicts,
);

export const folderTree = folders.get('/folders/tree', {
  summary: 'The places tree: every folder under the current ACL root',
  response: placesTreeSchema,
  errors: { 409: ['acl_root_missing'] },
});
export const getFolder = folder.get('', { summary: 'One folder', response: folderSchema });
export const createFolder = folders.post('/folders', {
  summary: 'Create a folder (R-FOLDER-NAME folder name rules)',
  body: createFolderSchema,
  response: folderSchema,
  status: 201,
  errors: errors(notFound, { 409: ['name_taken'] }),
});
export const renameFolder = folder.put('', {
  summary: 'Rename a folder',
  body: renameFolderSchema,
  response: folderSchema,
  errors: changeConflicts,
});
export const moveFolder = folder.post('/move', {
  summary: 'Move a folder into another (blocked while its videos transcode)',
  body: folderDestinationSchema,
  response: folderSchema,
  errors: placeErrors,
});
export const copyFolder = folder.post('/copy', {
  summary: 'Copy a folder, with its assets, into another',
  body: folderDestinationSchema,
  response: folderSchema,
  status: 201,
  errors: placeErrors,
});
export const deleteFolder = folder.delete('', {
  summary: 'Delete a folder to the trash (its assets can be restored)',
  response: okSchema,
  errors: inUse,
});
export const folderTransferPath = folder.get('/path', {
  summary: 'asperaconvertidtopath: the folder’s path on the transfer node',
  response: folderPathSchema,
});
export const folderListing = folder.get('/listing', {
  summary: 'list_directory: the paths a folder holds in storage',
  response: pathListSchema,
});
