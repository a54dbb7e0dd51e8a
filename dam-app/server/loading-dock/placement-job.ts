import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { MESSAGES } from '../../api/messages.ts';
import { ApiError } from '../api/api-error.ts';
import type { LoadingDockItem } from '../db/schema.ts';
import { crashPoint } from '../intents/crash-point.ts';
import type { DamServices } from '../services.ts';
import { removeDockFolder } from './cleanup.ts';
import { currentVersionId, dockById, setDockState } from './loading-dock-queries.ts';
import { placeFile } from './place-file.ts';

/** How often a placement records its progress (and looks whether the dock was cleaned meanwhile). */
const PROGRESS_MS = 250;

/**
 * The `loading-dock.place` job (R-DOCK-PLACE): puts each item of a dock in its folder under the docroot — the
 * original by hard link or copy, or a conversion's output once `services.conversions` has made it (the dock is
 * `converting` meanwhile) — then marks the dock `ready`. An item that cannot be placed is marked failed with its
 * message and the rest stays downloadable; a dock where nothing could be placed is `failed`. Run again after a
 * crash it finds the whole files already there (placeFile is atomic) and goes on; a dock cleaned meanwhile is left
 * cleaned.
 */
export async function placeDock(services: DamServices, payload: { dockId: number }): Promise<void> {
  const dock = await dockById(services.db, payload.dockId);
  if (!dock || dock.done_at || dock.folder === null) return;
  if (dock.state === 'ready' || dock.state === 'failed') return;
  const items: LoadingDockItem[] = dock.files.map((item) => ({ ...item }));
  const mode = services.config.loadingDockLinks ? 'link' : 'copy';
  let placed = items.reduce((sum, item) => sum + (item.state === 'placed' ? item.size : 0), 0);
  let lastSaved = Date.now();
  const save = async () => {
    lastSaved = Date.now();
    await setDockState(services.db, dock.id, { files: items, placedSize: placed });
    return !(await dockById(services.db, dock.id))?.done_at;
  };
  for (const item of items) {
    if (item.state === 'placed' || item.state === 'failed') continue;
    await crashPoint(services.config, 'dock.place');
    try {
      const source = await sourceOf(services, dock.id, item);
      await placeFile(source.path, services.tree.absolute(item.key), mode);
      item.size = source.size;
      item.state = 'placed';
      placed += item.size;
    } catch (error) {
      item.state = 'failed';
      item.message = error instanceof ApiError ? error.userMessage : MESSAGES.operationFailed;
      services.log.warn('loading_dock.item_failed', {
        dockId: dock.id,
        file: item.fileName,
        error: (error as Error).message,
      });
    }
    if (Date.now() - lastSaved >= PROGRESS_MS && !(await save())) break;
  }
  const open = await save();
  if (!open) {
    // Cleaned while it was being placed: what this run put there after the clean-up goes too.
    await removeDockFolder(services, dock);
    return;
  }
  const anyPlaced = items.some((item) => item.state === 'placed');
  await setDockState(services.db, dock.id, { state: anyPlaced || items.length === 0 ? 'ready' : 'failed' });
  services.log.info('loading_dock.placed', { dockId: dock.id, files: items.length, bytes: placed, mode });
}

/** The file to place for an item: its original, or (with a preset) the conversion's output. */
async function sourceOf(
  services: DamServices,
  dockId: number,
  item: LoadingDockItem,
): Promise<{ path: string; size: number }> {
  if (item.presetId === null || item.presetId === undefined) {
    const path = services.tree.absolute(item.source ?? '');
    return { path, size: item.size };
  }
  const conversions = services.conversions;
  if (!conversions) throw new ApiError(501, 'no_conversions', MESSAGES.operationFailed);
  const versionId = await currentVersionId(services.db, item.assetId);
  if (versionId === undefined) throw new ApiError(404, 'not_found', ASSET_MESSAGES.versionNotFound);
  await setDockState(services.db, dockId, { state: 'converting' });
  return conversions.ensureConverted({ versionId, presetId: item.presetId });
}
