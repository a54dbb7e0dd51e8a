import { randomBytes } from 'node:crypto';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { ApiError } from '../api/api-error.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import type { DamServices } from '../services.ts';
import { LOADING_DOCK_TTL_SECONDS } from './cleanup.ts';
import { insertDock, lockUserRow, openDockBytes } from './loading-dock-queries.ts';

export const human = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/**
 * Reserves `total` bytes of the user's loading-dock quota (`DAM_LOADING_DOCK_QUOTA_MB`) for a new dock, before any
 * file is copied: the dock's row counts against the quota until it is done. The user's row is locked for the
 * check, so two requests at once cannot both take the last of it. Its cleanup job is queued in the same
 * transaction: a dock whose copy never finishes (a crash) is still cleaned and stops counting a day later.
 */
export async function reserveDock(
  services: DamServices,
  userId: number,
  total: number,
): Promise<{ id: number; notificationId: string }> {
  const quota = services.config.loadingDockQuotaBytes;
  const notificationId = randomBytes(12).toString('base64url');
  return services.db.transaction().execute(async (trx) => {
    await lockUserRow(trx, userId);
    if (quota > 0) {
      const free = Math.max(0, quota - (await openDockBytes(trx, userId)));
      if (total > free)
        throw new ApiError(
          507,
          'loading_dock_quota',
          ASSET_MESSAGES.loadingDockNoSpace(human(total), human(free)),
          'The loading dock quota of this user is used up.',
          { details: { requestedBytes: total, freeBytes: free, quotaBytes: quota } },
        );
    }
    const id = await insertDock(trx, notificationId, userId, total);
    await queueJob(trx, 'loading-dock.cleanup', { dockId: id }, LOADING_DOCK_TTL_SECONDS);
    return { id, notificationId };
  });
}
