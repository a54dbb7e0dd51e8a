import { sql } from 'kysely';
import { okSchema } from '../../api/accounts.ts';
import { idParamSchema } from '../../api/admin.ts';
import {
  createFolderSchema,
  folderDestinationSchema,
  folderPathSchema,
  folderSchema,
  pathListSchema,
  placesTreeSchema,
  renameFolderSchema,
} from '../../api/folders.ts';
import { defineRoute } from '../api/define-route.ts';
import type { DamServices } from '../services.ts';
import { aclRoot, belowPattern } from './acl-scope.ts';
import { copyFolder, createFolder, deleteFolder, moveFolder, renameFolder } from './folder-operations.ts';
import { folderViews, rootFolderOf, visibleFolder } from './folder-records.ts';
import { asperaConvertIdToPath, listDirectory } from './transfer-functions.ts';

const tag = 'Folders';

async function viewOf(services: DamServices, root: string, id: number) {
  const row = await services.db
    .selectFrom('folders')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const [view] = await folderViews(services.db, root, [row]);
  return view as NonNullable<typeof view>;
}

export const folderRoutes = [
  defineRoute({
    method: 'get',
    path: '/folders/tree',
    tag,
    summary: 'The places tree: every folder under the current ACL root',
    auth: 'user',
    response: placesTreeSchema,
    async handler({ services, principal }) {
      const root = await rootFolderOf(services, principal);
      const rows = await services.db
        .selectFrom('folders')
        .selectAll()
        .where(sql<boolean>`path like ${belowPattern(root.path)}`)
        .orderBy(sql`path collate "C"`)
        .execute();
      const [rootView, ...folders] = await folderViews(services.db, root.path, [root, ...rows]);
      return { root: rootView as NonNullable<typeof rootView>, folders };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/folders/{id}',
    tag,
    summary: 'One folder',
    auth: 'user',
    params: idParamSchema,
    response: folderSchema,
    async handler({ services, principal, params }) {
      const folder = await visibleFolder(services, principal, params.id);
      return viewOf(services, aclRoot(principal), folder.id);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/folders',
    tag,
    summary: 'Create a folder (R-FOLDER-NAME folder name rules)',
    auth: 'user',
    body: createFolderSchema,
    response: folderSchema,
    status: 201,
    async handler({ services, principal, body }) {
      const created = await createFolder(services, principal, body.parentId, body.name);
      return viewOf(services, aclRoot(principal), created.id);
    },
  }),
  defineRoute({
    method: 'put',
    path: '/folders/{id}',
    tag,
    summary: 'Rename a folder',
    auth: 'user',
    params: idParamSchema,
    body: renameFolderSchema,
    response: folderSchema,
    async handler({ services, principal, params, body }) {
      await renameFolder(services, principal, params.id, body.name);
      return viewOf(services, aclRoot(principal), params.id);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/folders/{id}/move',
    tag,
    summary: 'Move a folder into another (blocked while its videos transcode)',
    auth: 'user',
    params: idParamSchema,
    body: folderDestinationSchema,
    response: folderSchema,
    async handler({ services, principal, params, body }) {
      await moveFolder(services, principal, params.id, body.destinationId);
      return viewOf(services, aclRoot(principal), params.id);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/folders/{id}/copy',
    tag,
    summary: 'Copy a folder, with its assets, into another',
    auth: 'user',
    params: idParamSchema,
    body: folderDestinationSchema,
    response: folderSchema,
    status: 201,
    async handler({ services, principal, params, body }) {
      const copy = await copyFolder(services, principal, params.id, body.destinationId);
      return viewOf(services, aclRoot(principal), copy.id);
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/folders/{id}',
    tag,
    summary: 'Delete a folder to the trash (its assets can be restored)',
    auth: 'user',
    params: idParamSchema,
    response: okSchema,
    async handler({ services, principal, params }) {
      await deleteFolder(services, principal, params.id);
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/folders/{id}/path',
    tag,
    summary: 'asperaconvertidtopath: the folder’s path on the transfer node',
    auth: 'user',
    params: idParamSchema,
    response: folderPathSchema,
    async handler({ services, principal, params }) {
      return { id: params.id, path: await asperaConvertIdToPath(services, principal, params.id) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/folders/{id}/listing',
    tag,
    summary: 'list_directory: the paths a folder holds in storage',
    auth: 'user',
    params: idParamSchema,
    response: pathListSchema,
    async handler({ services, principal, params }) {
      return { paths: await listDirectory(services, principal, params.id) };
    },
  }),
];
