import { lstat } from 'node:fs/promises';
import { downloadZip, predictLength } from 'client-zip';
import { z } from 'zod';
import { idParamSchema } from '../../api/admin.ts';
import { bundleSchema } from '../../api/working-sets.ts';
import { notFound } from '../api/api-error.ts';
import { defineRoute } from '../api/define-route.ts';
import { attachment } from '../downloads/content-disposition.ts';
import { checkDownload } from '../downloads/standard-download-routes.ts';
import { type ZipEntry, zipInputs } from '../downloads/zip-entries.ts';
import { resolveBundle } from './bundle.ts';

const tag = 'Collections';

export const bundleRoutes = [
  defineRoute({
    method: 'get',
    path: '/collections/{id}/bundle',
    tag,
    summary: 'What a bundle delivers: its files as they arrive, in one folder named after it',
    auth: 'user',
    params: idParamSchema,
    response: bundleSchema,
    async handler({ services, principal, params }) {
      const bundle = await resolveBundle(services, principal, params.id);
      return {
        collectionId: bundle.collectionId,
        folder: bundle.folder,
        files: bundle.files.map(({ assetId, name, size }) => ({ assetId, name, size })),
        totalSize: bundle.totalSize,
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/collections/{id}/bundle/zip',
    tag,
    summary:
      'Standard Download (HTTP) of a bundle: every asset in one streamed zip (stored, ZIP64), its length known up front',
    auth: 'user',
    params: idParamSchema,
    response: z.unknown(),
    produces: 'application/zip',
    async handler({ services, principal, params }) {
      checkDownload(services, principal);
      const bundle = await resolveBundle(services, principal, params.id);
      const entries: ZipEntry[] = [];
      for (const file of bundle.files) {
        const absolute = services.tree.absolute(file.path);
        const info = await lstat(absolute).catch(() => undefined);
        // A bundle is delivered whole: a member whose file vanished since the last reconcile stops the download.
        if (!info?.isFile()) throw notFound('file');
        entries.push({
          name: `${bundle.folder}/${file.name}`,
          absolute,
          size: info.size,
          lastModified: info.mtime,
        });
      }
      const length = predictLength(
        entries.map((entry) => ({ name: entry.name, size: entry.size, lastModified: entry.lastModified })),
      );
      const zip = downloadZip(zipInputs(entries), { length });
      return new Response(zip.body, {
        status: 200,
        headers: {
          'Content-Type': 'application/zip',
          'Content-Length': length.toString(),
          'Content-Disposition': attachment(`${bundle.folder}.zip`),
          'Cache-Control': 'private, no-store',
        },
      });
    },
  }),
];
