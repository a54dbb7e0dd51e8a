import { randomBytes } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { joinPath, parentOf } from '../folders/acl-scope.ts';
import { performIntent } from '../intents/intents.ts';
import type { JobPayload } from '../jobs/job-payloads.ts';
import type { DamServices } from '../services.ts';
import { assetArchiveIntent, assetUnarchiveIntent, copyBack } from './archive-intents.ts';
import { archiveJobRow, setArchiveError } from './archive-queries.ts';

/** Records why a job failed on the archive row (Archive status shows it), then fails the job (it is retried). */
async function recordingFailure(services: DamServices, assetId: number, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    await setArchiveError(services.db, assetId, (error as Error).message);
    throw error;
  }
}

/** R-ARCHIVE: moves a scheduled asset's original to the archive tier; the asset stays, a proxy. */
export async function runArchiveJob(services: DamServices, { assetId }: JobPayload<'archive.run'>) {
  const row = await archiveJobRow(services.db, assetId);
  if (row?.state !== 'scheduled' || row.status !== 'active') return;
  await recordingFailure(services, assetId, async () => {
    const { size } = await lstat(services.tree.absolute(row.path));
    const payload = { assetId, path: row.path, key: `${assetId}/${row.content_hash}`, size };
    await performIntent(services, assetArchiveIntent, payload, async () => {
      await services.storage.archive.putFile(payload.key, services.tree.absolute(row.path));
      if ((await services.storage.archive.stat(payload.key))?.size !== size)
        throw new Error(`The archive tier did not keep ${row.path} whole.`);
      await services.tree.remove(row.path);
    });
    services.log.info('archive.archived', { assetId, size });
  });
}

/** R-ARCHIVE: brings an archived asset's original back from the archive tier to its path. */
export async function runRestoreJob(services: DamServices, { assetId }: JobPayload<'archive.restore'>) {
  const row = await archiveJobRow(services.db, assetId);
  if (row?.state !== 'restoring' || !row.storage_key) return;
  const key = row.storage_key;
  await recordingFailure(services, assetId, async () => {
    if (await services.tree.exists(row.path))
      throw new Error(`Another file is at ${row.path}; move it away to restore this asset.`);
    const staging = joinPath(parentOf(row.path), `.restoring-${randomBytes(8).toString('hex')}.tmp`);
    const payload = { assetId, path: row.path, key, staging, size: Number(row.size) };
    await performIntent(services, assetUnarchiveIntent, payload, async () => {
      await copyBack(services, payload);
      await services.tree.move(staging, row.path);
    });
    services.log.info('archive.restored', { assetId });
  });
}
