import { Readable } from 'node:stream';
import { z } from 'zod';
import { assetIdParamSchema, assetSchema } from '../../api/assets.ts';
import {
  checkInSchema,
  compareQuerySchema,
  versionCompareSchema,
  versionParamSchema,
  versionSchema,
} from '../../api/versions.ts';
import { notFound } from '../api/api-error.ts';
import { defineRoute } from '../api/define-route.ts';
import { visibleAsset } from '../assets/asset-records.ts';
import { assetView } from '../assets/asset-views.ts';
import { renditionKey } from '../assets/rendition-job.ts';
import type { AssetVersionsTable } from '../db/schema.ts';
import type { DamServices } from '../services.ts';
import { cancelCheckOut, checkIn, checkOut, findVersion, restoreVersion } from './version-operations.ts';

const tag = 'Versions';
type VersionRow = { [K in keyof AssetVersionsTable]: unknown } & {
  id: number;
  number: number;
  asset_id: number;
  content_hash: string;
  created_at: Date;
};

async function versionViews(services: DamServices, assetId: number, rows: VersionRow[]) {
  const userIds = [...new Set(rows.flatMap((row) => (row.created_by ? [row.created_by as number] : [])))];
  const users = userIds.length
    ? await services.db.selectFrom('users').select(['id', 'username']).where('id', 'in', userIds).execute()
    : [];
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

const lockRoute = (method: 'post' | 'delete', summary: string, run: typeof checkOut) =>
  defineRoute({
    method,
    path: '/assets/{id}/checkout',
    tag,
    summary,
    auth: 'user',
    params: assetIdParamSchema,
    response: assetSchema,
    async handler({ services, principal, params }) {
      await run(services, principal, params.id);
      return assetView(services.db, await visibleAsset(services, principal, params.id));
    },
  });

export const versionRoutes = [
  lockRoute('post', 'Check out: lock the asset for me (everyone sees the holder)', checkOut),
  lockRoute('delete', 'Cancel the check-out (an administrator can break anyone’s)', cancelCheckOut),
  defineRoute({
    method: 'post',
    path: '/assets/{id}/checkin',
    tag,
    summary: 'Check in: a new version (name, comment, message, category), optionally with new content',
    auth: 'user',
    params: assetIdParamSchema,
    body: checkInSchema,
    response: z.object({ asset: assetSchema, version: z.number() }),
    status: 201,
    async handler({ services, principal, params, body }) {
      const version = await checkIn(services, principal, params.id, body);
      return {
        asset: await assetView(services.db, await visibleAsset(services, principal, params.id)),
        version,
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/assets/{id}/versions',
    tag,
    summary: 'The versions of an asset, newest first',
    auth: 'user',
    params: assetIdParamSchema,
    response: z.array(versionSchema),
    async handler({ services, principal, params }) {
      await visibleAsset(services, principal, params.id);
      const rows = await services.db
        .selectFrom('asset_versions')
        .selectAll()
        .where('asset_id', '=', params.id)
        .orderBy('number', 'desc')
        .execute();
      return versionViews(services, params.id, rows as VersionRow[]);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/assets/{id}/versions/{number}/restore',
    tag,
    summary: 'Restore an old version (as a new version)',
    auth: 'user',
    params: versionParamSchema,
    response: z.object({ asset: assetSchema, version: z.number() }),
    async handler({ services, principal, params }) {
      const version = await restoreVersion(services, principal, params.id, params.number);
      return {
        asset: await assetView(services.db, await visibleAsset(services, principal, params.id)),
        version,
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/assets/{id}/versions/compare',
    tag,
    summary: 'Compare two versions: metadata differences and both renditions',
    auth: 'user',
    params: assetIdParamSchema,
    query: compareQuerySchema,
    response: versionCompareSchema,
    async handler({ services, principal, params, query }) {
      await visibleAsset(services, principal, params.id);
      const a = await findVersion(services, params.id, query.a);
      const b = await findVersion(services, params.id, query.b);
      const [viewA, viewB] = await versionViews(services, params.id, [a, b] as VersionRow[]);
      const metaA: Record<string, unknown> = {
        ...(a.metadata as Record<string, unknown>),
        fileName: a.file_name,
        size: Number(a.size),
      };
      const metaB: Record<string, unknown> = {
        ...(b.metadata as Record<string, unknown>),
        fileName: b.file_name,
        size: Number(b.size),
      };
      const fields = [...new Set([...Object.keys(metaA), ...Object.keys(metaB)])].sort();
      return {
        a: viewA as NonNullable<typeof viewA>,
        b: viewB as NonNullable<typeof viewB>,
        differences: fields
          .filter((field) => JSON.stringify(metaA[field]) !== JSON.stringify(metaB[field]))
          .map((field) => ({ field, a: metaA[field], b: metaB[field] })),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/assets/{id}/versions/{number}/renditions/thumbnail',
    tag,
    summary: 'The thumbnail of one version (for Version compare)',
    auth: 'user',
    params: versionParamSchema,
    response: z.string().meta({ format: 'binary' }),
    produces: 'image/jpeg',
    async handler({ services, principal, params }) {
      await visibleAsset(services, principal, params.id);
      const version = await findVersion(services, params.id, params.number);
      const key = renditionKey(version.content_hash, 'thumbnail', 'image/jpeg');
      const stored = await services.storage.renditions.stat(key);
      if (!stored) throw notFound('rendition');
      const stream = await services.storage.renditions.read(key);
      return new Response(Readable.toWeb(stream) as ReadableStream, {
        headers: { 'Content-Type': 'image/jpeg', 'Content-Length': String(stored.size) },
      });
    },
  }),
];
