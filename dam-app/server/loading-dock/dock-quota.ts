import { sql } from 'kysely';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { ApiError } from '../api/api-error.ts';
import type { LoadingDockItem } from '../db/schema.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import type { DamServices } from '../services.ts';
import { LOADING_DOCK_TTL_SECONDS } from './cleanup.ts';

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
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    if (quota > 0) {
      const { used } = await trx
        .selectFrom('loading_docks')
        .select(sql<string>`coalesce(sum(total_size), 0)`.as('used'))
        .where('owner_id', '=', userId)
        .where('done_at', 'is', null)
        .executeTakeFirstOrThrow();
      const free = Math.max(0, quota - Number(used));
      if (dock.total > free)
        throw new ApiError(
          507,
          'loading_dock_quota',
          ASSET_MESSAGES.downloadMaximumReached,
          'The download maximum of this user (DAM_LOADING_DOCK_QUOTA_MB) is used up by docks not yet done.',
          { details: { requestedBytes: dock.total, freeBytes: free, quotaBytes: quota } },
        );
    }
    const row = await trx
      .insertInto('loading_docks')
      .values({
        notification_id: dock.notificationId,
        owner_id: userId,
        files: JSON.stringify(dock.items),
        total_size: dock.total,
        state: 'preparing',
        folder: dock.folder,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await queueJob(trx, 'loading-dock.cleanup', { dockId: row.id }, LOADING_DOCK_TTL_SECONDS);
    await queueJob(trx, 'loading-dock.place', { dockId: row.id });
    return { id: row.id };
  });
}
