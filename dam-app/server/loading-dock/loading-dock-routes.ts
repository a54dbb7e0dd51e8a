import { statfs } from 'node:fs/promises';
import { z } from 'zod';
import { okSchema } from '../../api/accounts.ts';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import {
  LOADING_DOCK_MAX_BYTES,
  loadingDockEntrySchema,
  loadingDockSchema,
  prepareDownloadSchema,
} from '../../api/loading-dock.ts';
import { can } from '../access/principal.ts';
import { ApiError, forbidden, notFound } from '../api/api-error.ts';
import { defineRoute } from '../api/define-route.ts';
import { visibleAssetIds } from '../assets/asset-records.ts';
import type { LocalStorageArea } from '../storage/local-area.ts';
import { resolveBundle } from '../working-sets/bundle-service.ts';
import { cleanLoadingDock, LOADING_DOCK_TTL_SECONDS } from './cleanup.ts';
import { human, reserveDock } from './dock-quota.ts';

const tag = 'Loading dock';
const notificationParam = z.object({ notificationId: z.string().regex(/^[\w-]{8,64}$/) });

export const loadingDockRoutes = [
  defineRoute({
    method: 'get',
    path: '/loading-dock',
    tag,
    summary: 'My prepared downloads, latest first: ready, or done (their files cleaned up)',
    auth: 'user',
    response: z.array(loadingDockEntrySchema),
    async handler({ services, principal }) {
      const rows = await services.db
        .selectFrom('loading_docks')
        .selectAll()
        .where('owner_id', '=', principal.user.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
      return rows.map((dock) => ({
        loadingDockId: dock.id,
        notificationId: dock.notification_id,
        totalSize: Number(dock.total_size),
        files: dock.files.map((file) => file.key),
        state: dock.done_at ? ('done' as const) : ('ready' as const),
        createdAt: dock.created_at.toISOString(),
        expiresAt: new Date(dock.created_at.getTime() + LOADING_DOCK_TTL_SECONDS * 1000).toISOString(),
      }));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/loading-dock',
    tag,
    summary:
      'Prepare a download in the loading dock (assets by ids, a cart or a bundle); answers its notification id',
    auth: 'user',
    body: prepareDownloadSchema,
    response: loadingDockSchema,
    status: 201,
    async handler({ services, principal, body }) {
      if (
        !services.config.allowDownload ||
        !(can(principal, 'quickDownload') || can(principal, 'downloadHiRes'))
      )
        throw forbidden();
      let requested = body.ids ?? [];
      if (body.cartId !== undefined) {
        const cart = await services.db
          .selectFrom('carts')
          .select('id')
          .where('id', '=', body.cartId)
          .where('owner_id', '=', principal.user.id)
          .executeTakeFirst();
        if (!cart) throw notFound('cart');
        const rows = await services.db
          .selectFrom('cart_assets')
          .select('asset_id')
          .where('cart_id', '=', cart.id)
          .orderBy('position')
          .execute();
        requested = [...requested, ...rows.map((row) => row.asset_id)];
      }
      // A bundle arrives whole, in its own folder of the dock; loose assets and carts beside it.
      const bundle =
        body.bundleId === undefined ? undefined : await resolveBundle(services, principal, body.bundleId);
      const ids = await visibleAssetIds(services, principal, requested);
      if (ids.length === 0 && !bundle) throw new ApiError(400, 'search_empty', ASSET_MESSAGES.searchEmpty);
      const loose = ids.length
        ? await services.db
            .selectFrom('assets')
            .select(['id', 'path', 'file_name', 'size'])
            .where('id', 'in', ids)
            .where('status', '=', 'active')
            .execute()
        : [];
      const assets = [
        ...loose,
        ...(bundle?.files.map((file) => ({
          id: file.assetId,
          path: file.path,
          file_name: `${bundle.folder}/${file.name}`,
          size: file.size,
        })) ?? []),
      ];
      const total = assets.reduce((sum, asset) => sum + Number(asset.size), 0);
      if (total > LOADING_DOCK_MAX_BYTES)
        throw new ApiError(413, 'loading_dock_too_large', ASSET_MESSAGES.loadingDockTooLarge);
      const area = services.storage.loadingDock as LocalStorageArea;
      const disk = await statfs(area.root);
      const free = Number(disk.bavail) * Number(disk.bsize);
      if (total > free)
        throw new ApiError(
          507,
          'loading_dock_no_space',
          ASSET_MESSAGES.loadingDockNoSpace(human(total), human(free)),
          undefined,
          {
            details: { requestedBytes: total, freeBytes: free },
          },
        );
      const row = await reserveDock(services, principal.user.id, total);
      const { notificationId } = row;
      const used = new Set<string>();
      const files: { assetId: number; key: string; fileName: string; size: number }[] = [];
      try {
        for (const asset of assets) {
          // Two assets with one file name get distinct names in the dock: "name (2).ext".
          let name = asset.file_name;
          for (let n = 2; used.has(name); n++) name = asset.file_name.replace(/(\.[^.]*)?$/, ` (${n})$1`);
          used.add(name);
          const key = `${notificationId}/${name}`;
          files.push({ assetId: asset.id, key, fileName: name, size: Number(asset.size) });
          await services.storage.loadingDock.putFile(key, services.tree.absolute(asset.path));
        }
      } catch (error) {
        // The reservation is given back at once: its files go and the dock is done.
        await services.db
          .updateTable('loading_docks')
          .set({ files: JSON.stringify(files) })
          .where('id', '=', row.id)
          .execute();
        await cleanLoadingDock(services, { dockId: row.id }).catch(() => {});
        throw error;
      }
      await services.db
        .updateTable('loading_docks')
        .set({ files: JSON.stringify(files) })
        .where('id', '=', row.id)
        .execute();
      return {
        loadingDockId: row.id,
        notificationId,
        totalSize: total,
        files: files.map((file) => file.key),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/loading-dock/{notificationId}',
    tag,
    summary: 'The loading dock download workflow: the files of one prepared download',
    auth: 'user',
    params: notificationParam,
    response: loadingDockSchema,
    async handler({ services, principal, params }) {
      const dock = await services.db
        .selectFrom('loading_docks')
        .selectAll()
        .where('notification_id', '=', params.notificationId)
        .where('owner_id', '=', principal.user.id)
        .where('done_at', 'is', null)
        .executeTakeFirst();
      if (!dock) throw notFound('loading dock');
      return {
        loadingDockId: dock.id,
        notificationId: dock.notification_id,
        totalSize: Number(dock.total_size),
        files: dock.files.map((file) => file.key),
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/loading-dock/{notificationId}/done',
    tag,
    summary: 'The done callback: the transfer finished, its leftover files are cleaned up',
    auth: 'user',
    params: notificationParam,
    response: okSchema,
    async handler({ services, principal, params }) {
      const dock = await services.db
        .selectFrom('loading_docks')
        .selectAll()
        .where('notification_id', '=', params.notificationId)
        .where('owner_id', '=', principal.user.id)
        .executeTakeFirst();
      if (!dock) throw notFound('loading dock');
      await cleanLoadingDock(services, { dockId: dock.id });
      return { ok: true as const };
    },
  }),
];
