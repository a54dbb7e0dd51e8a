import { sql } from 'kysely';
import { baseName, parentOf } from '../folders/acl-scope.ts';
import { trashPath } from '../folders/folder-intents.ts';
import { ensureFolderRow } from '../folders/folder-records.ts';
import type { IntentKind } from '../intents/intents.ts';
import { exists, finishMove } from '../storage/local-area.ts';

// The asset file operations as intents (intents/intents.ts): what finishes or undoes each after a crash.

/** An asset moved or renamed: one rename of its file, then its row. */
export const assetMoveIntent: IntentKind<{ assetId: number; from: string; to: string; name: string }> = {
  name: 'asset.move',
  paths: ({ from, to }) => [from, to],
  async filesDone(services, { from, to }) {
    return !(await services.tree.exists(from)) && (await services.tree.exists(to));
  },
  async rows(trx, { assetId, to, name }) {
    const folderId = await ensureFolderRow(trx, parentOf(to));
    await trx
      .updateTable('assets')
      .set({ path: to, file_name: baseName(to), name, folder_id: folderId, updated_at: new Date() })
      .where('id', '=', assetId)
      .execute();
  },
  async undo(services, { from, to }) {
    if (!(await services.tree.exists(from)) && (await services.tree.exists(to)))
      await services.tree.move(to, from);
  },
};

/** An asset copied: the file is copied under a hidden name (never indexed), renamed into place, then its rows. */
export const assetCopyIntent: IntentKind<{ assetId: number; to: string; staging: string }> = {
  name: 'asset.copy',
  paths: ({ to, staging }) => [to, staging],
  async filesDone(services, { to, staging }) {
    await services.tree.remove(staging);
    return services.tree.exists(to);
  },
  async rows(trx, { assetId, to }) {
    const folderId = await ensureFolderRow(trx, parentOf(to));
    const { rows } = await sql<{
      id: number;
    }>`insert into assets (folder_id, path, name, file_name, description,
        file_type, mime_type, kind, size, content_hash, width, height, color_profile, aspect_ratio, date_created,
        keywords, metadata, rendition_state, keyword_search)
      select ${folderId}, ${to}, name, file_name, description, file_type, mime_type, kind, size,
        content_hash, width, height, color_profile, aspect_ratio, date_created, keywords, metadata, rendition_state,
        keyword_search
      from assets where id = ${assetId}
      returning id`.execute(trx);
    const copyId = (rows[0] as { id: number }).id;
    await sql`insert into renditions (asset_id, name, storage_key, mime_type, width, height, size, content_hash)
      select ${copyId}, name, storage_key, mime_type, width, height, size, content_hash
      from renditions where asset_id = ${assetId}`.execute(trx);
    return copyId;
  },
  async undo(services, { to, staging }) {
    await services.tree.remove(staging);
    await services.tree.remove(to);
  },
};

/** An asset deleted: its file moves into the trash, then its row is marked trashed. */
export const assetTrashIntent: IntentKind<{ assetId: number; path: string; key: string }> = {
  name: 'asset.trash',
  paths: ({ path }) => [path],
  async filesDone(services, { key }) {
    return finishMove(trashPath(services.storage.trash.localPath(key)));
  },
  async rows(trx, { assetId, key }) {
    await trx
      .updateTable('assets')
      .set({ status: 'trashed', trashed_at: new Date(), trash_key: key })
      .where('id', '=', assetId)
      .execute();
  },
  async undo(services, { path, key }) {
    if (
      !(await services.tree.exists(path)) &&
      (await exists(trashPath(services.storage.trash.localPath(key))))
    )
      await services.storage.trash.release(key, services.tree.absolute(path));
  },
};

/** An asset restored from the trash: its file moves back (its folder recreated), then its row is active again. */
export const assetRestoreIntent: IntentKind<{ assetId: number; key: string; target: string }> = {
  name: 'asset.restore',
  paths: ({ target }) => [target],
  async filesDone(services, { target }) {
    return finishMove(services.tree.absolute(target));
  },
  async rows(trx, { assetId, target }) {
    const folderId = await ensureFolderRow(trx, parentOf(target));
    await trx
      .updateTable('assets')
      .set({ status: 'active', path: target, folder_id: folderId, trash_key: null, trashed_at: null })
      .where('id', '=', assetId)
      .execute();
  },
  async undo(services, { key, target }) {
    if (await services.tree.exists(target))
      await services.storage.trash.adopt(key, services.tree.absolute(target));
  },
};

/** The asset operations recovery knows, listed by the wiring into `services.intentKinds`. */
export const ASSET_INTENTS = [
  assetMoveIntent,
  assetCopyIntent,
  assetTrashIntent,
  assetRestoreIntent,
] as IntentKind<never>[];
