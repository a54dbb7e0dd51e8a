import type { z } from 'zod';
import type { ArchiveStatus, restoreArchiveSchema, scheduleArchiveSchema } from '../../api/archive.ts';
import { MESSAGES } from '../../api/messages.ts';
import { can, type Principal } from '../access/principal.ts';
import { conflict, forbidden, notFound } from '../api/api-error.ts';
import { visibleAssetIds } from '../assets/asset-records.ts';
import { audit } from '../audit/audit.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import type { DamServices } from '../services.ts';
import { LocalStorageArea } from '../storage/local-area.ts';
import * as queries from './archive-queries.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Archive status: every asset in each archive state. */
export async function archiveStatus(services: DamServices): Promise<ArchiveStatus> {
  const rows = await queries.archiveEntries(services.db);
  return {
    tier: services.storage.archive instanceof LocalStorageArea ? 'folder' : 's3',
    entries: rows.map((row) => ({
      assetId: row.asset_id,
      name: row.name,
      path: row.path,
      size: Number(row.size),
      state: row.state,
      archiveAt: row.archive_at.toISOString(),
      retentionUntil: iso(row.retention_until),
      archivedAt: iso(row.archived_at),
      restoreRequestedAt: iso(row.restore_requested_at),
      error: row.error,
    })),
  };
}

const unique = (ids: number[]) => [...new Set(ids)];

/** R-ARCHIVE: schedules each asset's archive as a job at its date; all or none. */
export async function scheduleArchive(
  services: DamServices,
  principal: Principal,
  body: z.output<typeof scheduleArchiveSchema>,
  ip: string,
): Promise<{ count: number }> {
  const ids = unique(body.assetIds);
  const archiveAt = body.archiveAt ? new Date(body.archiveAt) : new Date();
  const retentionUntil = body.retentionUntil ? new Date(body.retentionUntil) : null;
  return services.db.transaction().execute(async (trx) => {
    if ((await queries.activeAssetsForUpdate(trx, ids)).length !== ids.length) throw notFound('asset');
    const scheduled = await queries.insertSchedules(trx, ids, {
      archiveAt,
      retentionUntil,
      requestedBy: principal.user.id,
    });
    if (scheduled.length !== ids.length)
      throw conflict('already_archived', MESSAGES.assetAlreadyArchived, 'assetIds');
    const delaySeconds = Math.max(0, Math.ceil((archiveAt.getTime() - Date.now()) / 1000));
    for (const assetId of scheduled) await queueJob(trx, 'archive.run', { assetId }, delaySeconds);
    await audit(trx, {
      actorId: principal.user.id,
      event: 'archive_scheduled',
      target: scheduled.length === 1 ? `asset ${scheduled[0]}` : `${scheduled.length} assets`,
      ip,
      details: {
        assetIds: scheduled,
        archiveAt: archiveAt.toISOString(),
        retentionUntil: iso(retentionUntil),
      },
    });
    return { count: scheduled.length };
  });
}

/** R-ARCHIVE: restores archive proxies, each as a job; an asset that is not one is refused with the spec's text. */
export async function restoreArchive(
  services: DamServices,
  principal: Principal,
  body: z.output<typeof restoreArchiveSchema>,
  ip: string,
): Promise<{ count: number }> {
  const ids = unique(body.assetIds);
  return services.db.transaction().execute(async (trx) => {
    if ((await queries.activeAssetsForUpdate(trx, ids)).length !== ids.length) throw notFound('asset');
    const restoring = await queries.markRestoring(trx, ids);
    if (restoring.length !== ids.length)
      throw conflict('not_archive_proxy', MESSAGES.restoreNotArchiveProxy, 'assetIds');
    for (const assetId of restoring) await queueJob(trx, 'archive.restore', { assetId });
    await audit(trx, {
      actorId: principal.user.id,
      event: 'archive_restore',
      target: restoring.length === 1 ? `asset ${restoring[0]}` : `${restoring.length} assets`,
      ip,
      details: { assetIds: restoring },
    });
    return { count: restoring.length };
  });
}

/**
 * R-ARCHIVE-SELECTION: a person archives or restores the assets selected in the library when they hold the file
 * actions permission and see every one of them (an asset outside their ACL's root is not found); then it is the
 * administrator's archive or restore, all or none.
 */
async function assertMaySelect(services: DamServices, principal: Principal, ids: number[]) {
  if (!can(principal, 'file actions')) throw forbidden();
  const wanted = unique(ids);
  if ((await visibleAssetIds(services, principal, wanted)).length !== wanted.length) throw notFound('asset');
}

export async function archiveSelection(
  services: DamServices,
  principal: Principal,
  body: z.output<typeof scheduleArchiveSchema>,
  ip: string,
) {
  await assertMaySelect(services, principal, body.assetIds);
  return scheduleArchive(services, principal, body, ip);
}

export async function restoreSelection(
  services: DamServices,
  principal: Principal,
  body: z.output<typeof restoreArchiveSchema>,
  ip: string,
) {
  await assertMaySelect(services, principal, body.assetIds);
  return restoreArchive(services, principal, body, ip);
}

/** R-ARCHIVE: a download of an archive proxy's original says it is archived (409), not that it is gone. */
export async function assertNotArchived(services: DamServices, path: string): Promise<void> {
  if (await queries.isArchivedAt(services.db, path)) throw conflict('asset_archived', MESSAGES.assetArchived);
}

/**
 * R-ARCHIVE: the file actions (rename, move, copy, delete) need the original in the library; an archive proxy's is
 * in the archive tier (or on its way), so they answer that it is archived instead of failing on a missing file.
 */
export async function assertOriginalHere(services: DamServices, assetId: number): Promise<void> {
  if (await queries.hasArchiveOtherThanScheduled(services.db, assetId))
    throw conflict('asset_archived', MESSAGES.assetArchived);
}
