import { sql } from 'kysely';
import type { IntentKind } from '../intents/intents.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { exists, finishMove } from '../storage/local-area.ts';
import { parentOf } from './acl-scope.ts';
import { ensureFolderRow, rewritePaths } from './folder-records.ts';

// The folder operations as intents (intents/intents.ts): what finishes or undoes each after a crash.

/** A folder moved or renamed: one rename of its directory, then its rows and every row below it re-rooted. */
export const folderMoveIntent: IntentKind<{ from: string; to: string }> = {
  name: 'folder.move',
  paths: ({ from, to }) => [from, to],
  async filesDone(services, { from, to }) {
    return !(await services.tree.exists(from)) && (await services.tree.exists(to));
  },
  async rows(trx, { from, to }) {
    await ensureFolderRow(trx, parentOf(to));
    await rewritePaths(trx, from, to);
  },
  async undo(services, { from, to }) {
    if (!(await services.tree.exists(from)) && (await services.tree.exists(to)))
      await services.tree.move(to, from);
  },
};

/** A folder renamed: a move within its parent, under a name of its own. */
export const folderRenameIntent: IntentKind<{ from: string; to: string }> = {
  ...folderMoveIntent,
  name: 'folder.rename',
};

/**
 * A folder copied: the tree is copied under a hidden name beside the target (never indexed) and renamed into place
 * whole, so the target exists only once complete; then the copies' rows.
 */
export const folderCopyIntent: IntentKind<{ from: string; to: string; staging: string }> = {
  name: 'folder.copy',
  paths: ({ to, staging }) => [to, staging],
  async filesDone(services, { to, staging }) {
    await services.tree.remove(staging);
    return services.tree.exists(to);
  },
  async rows(trx, { from, to }) {
    const id = await ensureFolderRow(trx, to);
    const cut = from.length + 1;
    const below = `${from}/`;
    await sql`insert into folders (path)
      select ${to} || substr(path, ${cut}) from folders where starts_with(path, ${below})
      on conflict (path) do nothing`.execute(trx);
    // The copies are new assets with the same content: metadata and renditions (stored by content hash) carry over.
    await sql`insert into assets (folder_id, path, name, file_name, description, file_type, mime_type, kind, size,
        content_hash, width, height, color_profile, aspect_ratio, date_created, keywords, metadata, rendition_state,
        keyword_search)
      select target_folder.id, ${to} || substr(a.path, ${cut}), a.name, a.file_name, a.description, a.file_type,
        a.mime_type, a.kind, a.size, a.content_hash, a.width, a.height, a.color_profile, a.aspect_ratio,
        a.date_created, a.keywords, a.metadata, a.rendition_state, a.keyword_search
      from assets a
      join folders source_folder on source_folder.id = a.folder_id
      join folders target_folder on target_folder.path = ${to} || substr(source_folder.path, ${cut})
      where a.status = 'active' and starts_with(a.path, ${below})
      on conflict do nothing`.execute(trx);
    await sql`insert into renditions (asset_id, name, storage_key, mime_type, width, height, size, content_hash)
      select copy.id, r.name, r.storage_key, r.mime_type, r.width, r.height, r.size, r.content_hash
      from renditions r
      join assets original on original.id = r.asset_id and original.status = 'active'
      join assets copy on copy.path = ${to} || substr(original.path, ${cut}) and copy.status = 'active'
      where starts_with(original.path, ${below})
      on conflict do nothing`.execute(trx);
    // Files the index did not know yet are picked up by a reconcile of the copy.
    await enqueueJob(trx, 'storage.reconcile', { path: to });
    return id;
  },
  async undo(services, { to, staging }) {
    await services.tree.remove(staging);
    await services.tree.remove(to);
  },
};

/** A folder deleted: its directory moves into the trash whole, then its assets are marked trashed. */
export const folderDeleteIntent: IntentKind<{ path: string; key: string }> = {
  name: 'folder.delete',
  paths: ({ path }) => [path],
  async filesDone(services, { key }) {
    return finishMove(trashPath(services.storage.trash.localPath(key)));
  },
  async rows(trx, { path, key }) {
    const cut = path.length + 1;
    await sql`update assets set status = 'trashed', trashed_at = now(), folder_id = null,
        trash_key = ${key} || '/' || substr(path, ${cut})
      where status <> 'trashed' and starts_with(path, ${`${path}/`})`.execute(trx);
    await sql`delete from folders where path = ${path} or starts_with(path, ${`${path}/`})`.execute(trx);
  },
  async undo(services, { path, key }) {
    if (
      !(await services.tree.exists(path)) &&
      (await exists(trashPath(services.storage.trash.localPath(key))))
    )
      await services.storage.trash.release(key, services.tree.absolute(path));
  },
};

export function trashPath(path: string | undefined): string {
  if (!path) throw new Error('A trash key outside the trash area.');
  return path;
}

/** The folder operations recovery knows, listed by the wiring into `services.intentKinds`. */
export const FOLDER_INTENTS = [
  folderMoveIntent,
  folderRenameIntent,
  folderCopyIntent,
  folderDeleteIntent,
] as IntentKind<never>[];
