import { Readable } from 'node:stream';
import {
  cancelCheckOut,
  checkInAsset,
  checkOutAsset,
  compareVersions,
  listVersions,
  restoreVersion,
  versionThumbnail,
} from '../../api/contract/versions-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as versions from './version-service.ts';

export const versionRoutes = [
  bindEndpoint(checkOutAsset, ({ services, principal, params }) =>
    versions.checkOut(services, principal, params.id),
  ),
  bindEndpoint(cancelCheckOut, ({ services, principal, params }) =>
    versions.cancelCheckOut(services, principal, params.id),
  ),
  bindEndpoint(checkInAsset, ({ services, principal, params, body }) =>
    versions.checkIn(services, principal, params.id, body),
  ),
  bindEndpoint(listVersions, ({ services, principal, params }) =>
    versions.listVersions(services, principal, params.id),
  ),
  bindEndpoint(restoreVersion, ({ services, principal, params }) =>
    versions.restoreVersion(services, principal, params.id, params.number),
  ),
  bindEndpoint(compareVersions, ({ services, principal, params, query }) =>
    versions.compareVersions(services, principal, params.id, query.a, query.b),
  ),
  bindEndpoint(versionThumbnail, async ({ services, principal, params }) => {
    const { stream, size } = await versions.versionThumbnail(services, principal, params.id, params.number);
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: { 'Content-Type': 'image/jpeg', 'Content-Length': String(size) },
    });
  }),
];
