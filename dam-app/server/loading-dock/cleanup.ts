import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { JobPayload } from '../jobs/job-payloads.ts';
import type { DamServices } from '../services.ts';
import { inLoadingDock } from '../storage/work-folders.ts';
import { dockById, markDockDone } from './loading-dock-queries.ts';

/** A prepared download nobody finished is removed after this long (its transfer failed or never started). */
export const LOADING_DOCK_TTL_SECONDS = 24 * 60 * 60;

/** R-DOCK-CLEANUP: the done callback's clean-up, server side, this long after the last byte left (Standard Download). */
export const DOCK_CLEANUP_DELAY_SECONDS = 10;

type DockRow = { folder: string | null; notification_id: string };

/**
 * The `loading-dock.cleanup` job and the done callback alike (R-DOCK-CLEANUP): the dock is marked done, then its
 * whole folder goes — every file a placement put there, whole or half copied, named in the row or not yet. Running
 * it twice, or after a crash half-way, is harmless.
 */
export async function cleanLoadingDock(
  services: DamServices,
  { dockId }: JobPayload<'loading-dock.cleanup'>,
): Promise<void> {
  const dock = await dockById(services.db, dockId);
  if (!dock) return;
  // Done first, files after: a dock is never offered while its files are going, and a run cut short between the two
  // leaves only files the next run (or the job's retry) deletes.
  await markDockDone(services.db, dock.id);
  await removeDockFolder(services, dock);
}

/** Removes a dock's folder; refuses anything that is not a dock's own folder in the loading dock. */
export async function removeDockFolder(services: DamServices, dock: DockRow): Promise<void> {
  if (dock.folder === null) {
    // A dock from before the dock moved under the docroot (migration 0012): its files were in the old area.
    await rm(join(services.config.home, 'areas/loading-dock', dock.notification_id), {
      recursive: true,
      force: true,
    });
    return;
  }
  const parts = dock.folder.split('/');
  if (parts.length !== 2 || !inLoadingDock(dock.folder) || parts[1] !== dock.notification_id)
    throw new Error(`Not a loading dock folder: ${dock.folder}`);
  await rm(services.tree.absolute(dock.folder), { recursive: true, force: true });
}
