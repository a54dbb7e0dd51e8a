import type { JobPayload } from '../jobs/job-payloads.ts';
import type { DamServices } from '../services.ts';
import { dockById, markDockDone } from './loading-dock-queries.ts';

/** A prepared download nobody finished is removed after this long (its transfer failed or never started). */
export const LOADING_DOCK_TTL_SECONDS = 24 * 60 * 60;

/**
 * The `loading-dock.cleanup` job and the done callback alike: the dock's files leave the loading-dock area and the
 * dock is marked done. Running it twice is harmless.
 */
export async function cleanLoadingDock(
  services: DamServices,
  { dockId }: JobPayload<'loading-dock.cleanup'>,
): Promise<void> {
  const dock = await dockById(services.db, dockId);
  if (!dock) return;
  // Done first, files after: a dock is never offered while its files are going, and a run cut short between the two
  // leaves only files the next run (or the job's retry) deletes.
  if (!dock.done_at) await markDockDone(services.db, dock.id);
  for (const file of dock.files) await services.storage.loadingDock.delete(file.key);
}
