import type { JobPayload } from '../jobs/job-payloads.ts';
import { genericIcon, type MadeRendition, makeRenditions, withWorkFolder } from '../media/make-renditions.ts';
import type { DamServices } from '../services.ts';
import { findAsset, type RenditionColumns, renditionsOfContent, replaceRenditions } from './asset-queries.ts';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'video/mp4': 'mp4' };

/** Where a rendition of some content lives: by content hash, so copies and re-ingests share it. */
export const renditionKey = (hash: string, name: string, mimeType: string) =>
  `${hash.slice(0, 2)}/${hash}/${name}.${EXTENSIONS[mimeType] ?? 'bin'}`;

/**
 * The `asset.renditions` job: makes the renditions of one asset's current content and records them. Idempotent:
 * a stale job (the content changed since) does nothing, and content that already has renditions (a copy, a
 * re-ingest) reuses them. A file no tool can render gets the generic icon and the state `failed`.
 */
export async function runRenditionJob(
  services: DamServices,
  { assetId, hash }: JobPayload<'asset.renditions'>,
): Promise<void> {
  const { db } = services;
  const asset = await findAsset(db, assetId);
  if (!asset || asset.content_hash !== hash || asset.status === 'trashed') return;

  const shared = await renditionsOfContent(db, hash, assetId);
  const donor = shared.filter((row) => row.asset_id === shared[0]?.asset_id);
  if (donor.length) {
    await record(
      services,
      assetId,
      hash,
      donor.map((row) => ({ ...row, size: Number(row.size) })),
      'done',
    );
    return;
  }

  const source = services.tree.absolute(asset.path);
  const meta = asset.metadata as { durationSeconds?: number | null };
  const { rows, state } = await withWorkFolder(async (work) => {
    let made: MadeRendition[];
    let state: 'done' | 'failed' = 'done';
    try {
      made = await makeRenditions(source, asset.kind, asset.file_type, work, meta.durationSeconds ?? null);
    } catch (error) {
      services.log.warn('renditions.failed', { assetId, path: asset.path, error: (error as Error).message });
      made = [await genericIcon(asset.file_name, asset.file_type, work)];
      state = 'failed';
    }
    const rows = [];
    for (const each of made) {
      const key = renditionKey(hash, each.name, each.mimeType);
      if (!(await services.storage.renditions.stat(key)))
        await services.storage.renditions.putFile(key, each.file);
      const stored = await services.storage.renditions.stat(key);
      rows.push({
        name: each.name,
        storage_key: key,
        mime_type: each.mimeType,
        width: each.width,
        height: each.height,
        size: stored?.size ?? 0,
      });
    }
    return { rows, state };
  });
  await record(services, assetId, hash, rows, state);
}

async function record(
  services: DamServices,
  assetId: number,
  hash: string,
  rows: RenditionColumns[],
  state: 'done' | 'failed',
) {
  await services.db.transaction().execute((trx) => replaceRenditions(trx, assetId, hash, state, rows));
}
