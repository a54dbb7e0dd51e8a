import type { Kysely } from 'kysely';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { MESSAGES } from '../../api/messages.ts';
import { ApiError } from '../api/api-error.ts';
import { assetsByIds } from '../conversions/conversion-queries.ts';
import { currentVersionId } from '../conversions/request-service.ts';
import type { Database, LoadingDock, LoadingDockItem } from '../db/schema.ts';
import { crashPoint } from '../intents/crash-point.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import { notify } from '../notifications/notify.ts';
import type { DamServices } from '../services.ts';
import { addTask } from '../tasks/task-service.ts';
import { dockSource } from '../tasks/task-sources.ts';
import { removeDockFolder } from './cleanup.ts';
import { dockById, setDockState } from './loading-dock-queries.ts';
import { placeFile } from './place-file.ts';

/**
 * How often a file is tried when it fails for a passing reason (a system error: the disk, a signal, a lost
 * process); an ApiError (the file's own fault, or a converter that is not installed) fails it at once.
 */
export const PLACE_ATTEMPTS = 3;
/** The wait before the next try, times the tries so far. */
const RETRY_SECONDS = 1;

/** How often a placement records its progress (and looks whether the dock was cleaned meanwhile). */
const PROGRESS_MS = 250;

/**
 * The `loading-dock.place` job (R-DOCK-PLACE): puts each item of a dock in its folder under the docroot — the
 * original by hard link or copy, or a conversion's output once `services.conversions` has made it (the dock is
 * `converting` meanwhile) — then marks the dock `ready`. An item that cannot be placed is marked failed with its
 * message and the rest stays downloadable; a dock where nothing could be placed is `failed`. A passing failure (not
 * an ApiError) leaves its item pending for another run of this job a little later, PLACE_ATTEMPTS tries at most. Run again after a
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
  let retryIn = 0;
  const save = async () => {
    lastSaved = Date.now();
    await setDockState(services.db, dock.id, {
      files: items,
      placedSize: placed,
      totalSize: dockSize(items),
    });
    return !(await dockById(services.db, dock.id))?.done_at;
  };
  for (const item of items) {
    if (item.state === 'placed' || item.state === 'failed') continue;
    await crashPoint(services.config, 'dock.place');
    try {
      const source = await sourceOf(services, dock.id, item);
      if (source.fileName) renameForConversion(items, item, source.fileName);
      await placeFile(source.path, services.tree.absolute(item.key), mode);
      item.size = source.size;
      item.state = 'placed';
      placed += item.size;
    } catch (error) {
      const tries = (item.attempts ?? 0) + 1;
      services.log.warn('loading_dock.item_failed', {
        dockId: dock.id,
        file: item.fileName,
        attempt: tries,
        error: (error as Error).message,
      });
      if (!(error instanceof ApiError) && tries < PLACE_ATTEMPTS) {
        // A passing failure: the item stays pending, the others go on, and a later run tries it again.
        item.attempts = tries;
        retryIn = Math.max(retryIn, RETRY_SECONDS * tries);
        continue;
      }
      item.state = 'failed';
      item.message = error instanceof ApiError ? error.userMessage : MESSAGES.operationFailed;
    }
    if (Date.now() - lastSaved >= PROGRESS_MS && !(await save())) break;
  }
  const open = await save();
  if (!open) {
    // Cleaned while it was being placed: what this run put there after the clean-up goes too.
    await removeDockFolder(services, dock);
    return;
  }
  if (retryIn > 0) {
    await queueJob(services.db, 'loading-dock.place', { dockId: dock.id }, retryIn);
    return;
  }
  const anyPlaced = items.some((item) => item.state === 'placed');
  const state = anyPlaced || items.length === 0 ? 'ready' : 'failed';
  await services.db.transaction().execute(async (trx) => {
    await setDockState(trx, dock.id, { state });
    await announceDock(trx, services, dock, items, state);
  });
  services.log.info('loading_dock.placed', { dockId: dock.id, files: items.length, bytes: placed, mode });
}

/**
 * The dock's owner hears that it is ready (a Conversion when it converted something, else a Download), in the
 * transaction that marks it so; the notification's key is the dock's notificationId (R-DOCK-DOWNLOAD), and it links to
 * the dock. Items that failed (a conversion that could not be made) leave a task in Error on My Tasks.
 */
async function announceDock(
  trx: Kysely<Database>,
  services: DamServices,
  dock: LoadingDock,
  items: LoadingDockItem[],
  state: 'ready' | 'failed',
) {
  const converted = items.some(
    (item) => (item.presetId !== null && item.presetId !== undefined) || item.sourceKey !== undefined,
  );
  const names = items.map((item) => item.fileName);
  const subject = names.length > 1 ? `${names[0]} (+${names.length - 1})` : (names[0] ?? '');
  if (state === 'ready')
    await notify(trx, services.config, {
      type: converted ? 'Conversion' : 'Download',
      actorId: null,
      subject,
      target: { kind: 'dock', id: dock.notification_id },
      to: [dock.owner_id],
      key: dock.notification_id,
    });
  const failed = items.filter((item) => item.state === 'failed');
  if (failed.length)
    await addTask(trx, {
      userId: dock.owner_id,
      kind: converted ? 'dock.conversion_failed' : 'dock.failed',
      title: failed.map((item) => item.fileName).join(', '),
      target: { kind: 'dock', id: dock.notification_id },
      source: dockSource(dock.id),
      status: 'Error',
    });
}

/**
 * What the dock holds: a converted file's own size once it is made (the original's stood for it until then), and
 * nothing for a file that failed — it is not in the download, nor in the user's download maximum any more.
 */
export const dockSize = (items: readonly LoadingDockItem[]) =>
  items.reduce((sum, item) => sum + (item.state === 'failed' ? 0 : item.size), 0);

/** The file to place for an item: its original, or (with a preset) the conversion's output and its name. */
async function sourceOf(
  services: DamServices,
  dockId: number,
  item: LoadingDockItem,
): Promise<{ path: string; size: number; fileName?: string }> {
  if (item.sourceKey) {
    const path = services.storage.conversions.localPath(item.sourceKey);
    if (!path) throw new ApiError(404, 'not_found', ASSET_MESSAGES.versionNotFound);
    return { path, size: item.size };
  }
  if (item.presetId === null || item.presetId === undefined) {
    const path = services.tree.absolute(item.source ?? '');
    return { path, size: item.size };
  }
  const [asset] = await assetsByIds(services.db, [item.assetId]);
  if (!asset) throw new ApiError(404, 'not_found', ASSET_MESSAGES.versionNotFound);
  // The conversion is cached per asset version (R-CONVERSION-CACHE); an asset never checked in gets its first one.
  const versionId = await currentVersionId(services.db, asset);
  await setDockState(services.db, dockId, { state: 'converting' });
  return services.conversions.ensureConverted({ versionId, presetId: item.presetId });
}

/**
 * A converted item takes the conversion's name ("photo.tif" by "Web JPEG 2000 px sRGB" is "photo (Web JPEG 2000 px
 * sRGB).jpg"), in its own folder of the dock (a bundle's) and still unique there; its key follows, in the same dock
 * folder the clean-up removes whole.
 */
function renameForConversion(items: LoadingDockItem[], item: LoadingDockItem, converted: string) {
  const folder = item.fileName.slice(0, item.fileName.lastIndexOf('/') + 1);
  const wanted = `${folder}${converted.slice(converted.lastIndexOf('/') + 1)}`;
  if (wanted === item.fileName) return;
  const taken = new Set(items.filter((other) => other !== item).map((other) => other.fileName));
  let name = wanted;
  for (let n = 2; taken.has(name); n++) name = wanted.replace(/(\.[^./]*)?$/, ` (${n})$1`);
  item.key = `${item.key.slice(0, item.key.length - item.fileName.length)}${name}`;
  item.fileName = name;
}
