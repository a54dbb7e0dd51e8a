import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { ApiError } from '../api/api-error.ts';
import type { LoadingDockItem } from '../db/schema.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import type { DamServices } from '../services.ts';
import { LOADING_DOCK_TTL_SECONDS } from './cleanup.ts';
import { insertDock, lockUserRow, openDockBytes } from './loading-dock-queries.ts';

export const human = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

export interface NewDock {
  notificationId: string;
  /** Storage-relative: `LoadingDock/<notification id>`. */
  folder: string;
  total: number;
  items: LoadingDockItem[];
}

/**
 * Writes a new dock before any of its files exist (R-DOCK-PLACE): its row in state `preparing`, its clean-up a day
 * later and the job that places its files, in one transaction — so a crash at any later point leaves files only
 * in a folder a row names and a clean-up removes. The dock's size counts against the user's download maximum
 * (`DAM_LOADING_DOCK_QUOTA_MB`, R-DOCK-LIMITS) until it is done; the user's row is locked for the check, so two
 * requests at once cannot both take the last of it.
 */
export async function reserveDock(
  services: DamServices,
  userId: number,
  dock: NewDock,
): Promise<{ id: number }> {
  const quota = services.config.loadingDockQuotaBytes;
  return services.db.transaction().execute(async (trx) => {
    await lockUserRow(trx, userId);
    if (quota > 0) {
      const free = Math.max(0, quota - (await openDockBytes(trx, userId)));
      if (dock.total > free)
        throw new ApiError(
          507,
          'loading_dock_quota',
          ASSET_MESSAGES.downloadMaximumReached,
          'The download maximum of this user (DAM_LOADING_DOCK_QUOTA_MB) is used up by docks not yet done.',
          { details: { requestedBytes: dock.total, freeBytes: free, quotaBytes: quota } },
        );
    }
    const id = await insertDock(trx, userId, dock);
    await queueJob(trx, 'loading-dock.cleanup', { dockId: id }, LOADING_DOCK_TTL_SECONDS);
    await queueJob(trx, 'loading-dock.place', { dockId: id });
    return { id };
  });
}
