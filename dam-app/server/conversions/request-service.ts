import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { conversionItemSchema, conversionSchema } from '../../api/conversions.ts';
import { assertMayConvert } from '../access/conversion-gate.ts';
import type { Principal } from '../access/principal.ts';
import { notFound } from '../api/api-error.ts';
import { visibleAssetIds } from '../assets/asset-records.ts';
import type { Asset, Database } from '../db/schema.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import type { DamServices } from '../services.ts';
import { ensureFirstVersion } from '../versions/version-operations.ts';
import { assetsByIds, conversionRow, currentVersion } from './conversion-queries.ts';
import { presetById } from './preset-service.ts';

type Item = z.output<typeof conversionItemSchema>;
type Conversion = z.output<typeof conversionSchema>;

/**
 * The version holding the asset's current content, made on first use: an asset never checked in has no version
 * row yet, and a conversion is cached per version (R-CONVERSION-CACHE).
 */
export async function currentVersionId(db: Kysely<Database>, asset: Asset): Promise<number> {
  const found = await currentVersion(db, asset.id, asset.content_hash);
  if (found) return found.id;
  await ensureFirstVersion(db, asset);
  const made = await currentVersion(db, asset.id, asset.content_hash);
  if (!made) throw notFound('asset', `Asset ${asset.id} has no completed version of its current content.`);
  return made.id;
}

/**
 * Starts converting each asset's current version with its preset (R-CONVERSION-GATE: who may download it may
 * convert it): a conversion already made answers `ready`; the others are queued as jobs and answer `converting`.
 * An asset the person may not see, or an unknown preset, refuses the whole request.
 */
export async function startConversions(
  services: DamServices,
  principal: Principal,
  items: Item[],
): Promise<Conversion[]> {
  assertMayConvert(services.config, principal);
  const ids = [...new Set(items.map((item) => item.assetId))];
  const visible = await visibleAssetIds(services, principal, ids);
  if (visible.length !== ids.length) throw notFound('asset');
  const presets = new Map<number, Awaited<ReturnType<typeof presetById>>>();
  for (const presetId of new Set(items.map((item) => item.presetId)))
    presets.set(presetId, await presetById(services.db, presetId));
  const assets = new Map((await assetsByIds(services.db, ids)).map((asset) => [asset.id, asset]));
  const answers = await services.db.transaction().execute(async (trx) => {
    const answers: Conversion[] = [];
    for (const item of items) {
      const versionId = await currentVersionId(trx, assets.get(item.assetId) as Asset);
      const preset = presets.get(item.presetId);
      const row = await conversionRow(trx, versionId, item.presetId);
      const ready = row?.state === 'ready' && row.preset_revision === preset?.revision;
      if (!ready) await queueJob(trx, 'conversion.run', { versionId, presetId: item.presetId });
      answers.push({
        assetId: item.assetId,
        presetId: item.presetId,
        versionId,
        state: ready ? 'ready' : 'converting',
        fileName: row?.file_name ?? null,
        size: ready && row?.size ? Number(row.size) : null,
        message: null,
      });
    }
    return answers;
  });
  services.jobs.kick();
  return answers;
}
