import type { CheckIn } from '../../api/versions.ts';
import type { Principal } from '../access/principal.ts';
import { notFound } from '../api/api-error.ts';
import { visibleAsset } from '../assets/asset-records.ts';
import { usernamesOf } from '../assets/asset-view-queries.ts';
import { assetView } from '../assets/asset-views.ts';
import { renditionKey } from '../assets/rendition-job.ts';
import type { AssetVersionsTable } from '../db/schema.ts';
import type { DamServices } from '../services.ts';
import * as operations from './version-operations.ts';
import { versionsOfAsset } from './version-queries.ts';

type VersionRow = { [K in keyof AssetVersionsTable]: unknown } & {
  id: number;
  number: number;
  asset_id: number;
  content_hash: string;
  created_at: Date;
};

async function versionViews(services: DamServices, assetId: number, rows: VersionRow[]) {
  const userIds = [...new Set(rows.flatMap((row) => (row.created_by ? [row.created_by as number] : [])))];
  const users = await usernamesOf(services.db, userIds);
  const sorted = [...rows].sort((a, b) => a.number - b.number);
  return Promise.all(
    rows.map(async (row) => {
      const before = sorted.filter((each) => each.number < row.number).at(-1);
      const thumbnail = await services.storage.renditions.stat(
        renditionKey(row.content_hash, 'thumbnail', 'image/jpeg'),
      );
      return {
        id: row.id,
        number: row.number,
        name: row.name as string,
        comment: row.comment as string,
        message: row.message as string,
        category: row.category as 'Parent',
        fileName: row.file_name as string,
        size: Number(row.size),
        dateEntered: row.created_at.toISOString(),
        state: row.state as 'completed',
        createdBy: users.find((user) => user.id === row.created_by)?.username ?? null,
        metadataOnly: before !== undefined && before.content_hash === row.content_hash,
        thumbnailUrl: thumbnail ? `/assets/${assetId}/versions/${row.number}/renditions/thumbnail` : null,
      };
    }),
  );
}

const currentView = async (services: DamServices, principal: Principal, id: number) =>
  assetView(services.db, await visibleAsset(services, principal, id));

export async function checkOut(services: DamServices, principal: Principal, id: number) {
  await operations.checkOut(services, principal, id);
  return currentView(services, principal, id);
}

export async function cancelCheckOut(services: DamServices, principal: Principal, id: number) {
  await operations.cancelCheckOut(services, principal, id);
  return currentView(services, principal, id);
}

export async function checkIn(services: DamServices, principal: Principal, id: number, input: CheckIn) {
  const version = await operations.checkIn(services, principal, id, input);
  return { asset: await currentView(services, principal, id), version };
}

export async function restoreVersion(
  services: DamServices,
  principal: Principal,
  id: number,
  number: number,
) {
  const version = await operations.restoreVersion(services, principal, id, number);
  return { asset: await currentView(services, principal, id), version };
}

export async function listVersions(services: DamServices, principal: Principal, id: number) {
  await visibleAsset(services, principal, id);
  return versionViews(services, id, (await versionsOfAsset(services.db, id)) as VersionRow[]);
}

/** Versions of an asset, seen through the asset: one the person cannot see has none for them (404). */
async function visibleVersions<const N extends readonly number[]>(
  services: DamServices,
  principal: Principal,
  id: number,
  numbers: N,
) {
  await visibleAsset(services, principal, id);
  type Version = Awaited<ReturnType<typeof operations.findVersion>>;
  return (await Promise.all(numbers.map((number) => operations.findVersion(services, id, number)))) as {
    [K in keyof N]: Version;
  };
}

/** What a comparison of versions looks at: the metadata, the file name and the size. */
const comparedFields = (version: VersionRow): Record<string, unknown> => ({
  ...(version.metadata as Record<string, unknown>),
  fileName: version.file_name,
  size: Number(version.size),
});

/** Two versions side by side: their views and the metadata fields (file name and size among them) that differ. */
export async function compareVersions(
  services: DamServices,
  principal: Principal,
  id: number,
  a: number,
  b: number,
) {
  const [versionA, versionB] = await visibleVersions(services, principal, id, [a, b]);
  const [viewA, viewB] = await versionViews(services, id, [versionA, versionB] as VersionRow[]);
  const metaA = comparedFields(versionA);
  const metaB = comparedFields(versionB);
  const fields = [...new Set([...Object.keys(metaA), ...Object.keys(metaB)])].sort();
  return {
    a: viewA as NonNullable<typeof viewA>,
    b: viewB as NonNullable<typeof viewB>,
    differences: fields
      .filter((field) => JSON.stringify(metaA[field]) !== JSON.stringify(metaB[field]))
      .map((field) => ({ field, a: metaA[field], b: metaB[field] })),
  };
}

/** The stored thumbnail of one version, to stream. */
export async function versionThumbnail(
  services: DamServices,
  principal: Principal,
  id: number,
  number: number,
) {
  const [version] = await visibleVersions(services, principal, id, [number]);
  const key = renditionKey(version.content_hash, 'thumbnail', 'image/jpeg');
  const stored = await services.storage.renditions.stat(key);
  if (!stored) throw notFound('rendition');
  return { stream: await services.storage.renditions.read(key), size: stored.size };
}
