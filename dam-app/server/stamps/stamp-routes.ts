import {
  applyStamp,
  createStamp,
  deleteStamp,
  listStampRuns,
  listStamps,
  previewStamp,
  undoStampRun,
  updateStamp,
} from '../../api/contract/stamps-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as stamps from './stamp-service.ts';

export const stampRoutes = [
  bindEndpoint(listStamps, ({ services }) => stamps.listStamps(services)),
  bindEndpoint(createStamp, ({ services, principal, body, ip }) =>
    stamps.createStamp(services, principal, body, ip),
  ),
  bindEndpoint(updateStamp, ({ services, principal, params, body, ip }) =>
    stamps.updateStamp(services, principal, params.id, body, ip),
  ),
  bindEndpoint(deleteStamp, async ({ services, principal, params, ip }) => {
    await stamps.deleteStamp(services, principal, params.id, ip);
    return { ok: true as const };
  }),
  bindEndpoint(previewStamp, ({ services, principal, params, body }) =>
    stamps.stampAssets(services, principal, params.id, body.assetIds, false),
  ),
  bindEndpoint(applyStamp, ({ services, principal, params, body }) =>
    stamps.stampAssets(services, principal, params.id, body.assetIds, true),
  ),
  bindEndpoint(undoStampRun, ({ services, principal, params }) =>
    stamps.undoStampRun(services, principal, params.id),
  ),
  bindEndpoint(listStampRuns, ({ services }) => stamps.listStampRuns(services)),
];
