import { MESSAGES } from '../../api/messages.ts';
import { ApiError } from '../api/api-error.ts';
import type { DamServices } from '../services.ts';
import * as gate from '../visitors/visitor-gate.ts';
import type { Requester } from '../visitors/visitor-headers.ts';
import { nodeCompleted, signVisitorDownload, transferIncomplete } from '../visitors/visitor-rapid.ts';
import { completePortalRapid, insertPortalRapidDownload, openPortalRapidDownload } from './portal-queries.ts';
import {
  askPortalWorkflows,
  assertDownloadsLeft,
  chosenFiles,
  livePortal,
  mailIfExhausted,
  portalVisit,
} from './portal-visitor-service.ts';

/**
 * The portal's originals (all, up to a page, or the chosen ids among them) as one Rapid download: the node signs a
 * spec naming exactly those files, and the download is logged, not yet complete, with the paths it names
 * (R-PORTAL-RAPID). A rendition is never offered by Rapid: the node serves the originals' storage root only.
 */
export async function portalRapidSpec(
  services: DamServices,
  token: string,
  query: { grant?: string | undefined; ids?: number[] | undefined },
  request: Requester,
) {
  const portal = await livePortal(services, token);
  const grant = gate.downloadGrant(portalVisit(portal), portal, query.grant);
  assertDownloadsLeft(portal);
  const files = await chosenFiles(services, portal, query.ids);
  if (files.length === 0)
    throw new ApiError(404, 'not_found', MESSAGES.notFound, 'None of these assets is in the portal.');
  await askPortalWorkflows(
    services,
    portal,
    files.map((file) => file.assetId),
  );
  const signed = await signVisitorDownload(services, {
    files,
    owner: `portal-${portal.id}`,
    visit: grant.visit,
    tags: { portal: portal.id },
  });
  await insertPortalRapidDownload(services.db, {
    portalId: portal.id,
    ip: request.ip,
    userAgent: request.userAgent,
    cookie: signed.cookie,
    nodeUrl: signed.nodeUrl,
    paths: files.map((file) => file.path),
  });
  return signed.answer;
}

/**
 * The page says its Rapid transfer ended. When the node's records for the cookie show every signed file completed,
 * the portal counts one download, once per transfer, up to its maximum, in one transaction (R-PORTAL-RAPID).
 */
export async function portalRapidDone(
  services: DamServices,
  token: string,
  grantText: string | undefined,
  cookie: string,
) {
  const portal = await livePortal(services, token);
  gate.downloadGrant(portalVisit(portal), portal, grantText);
  const download = await openPortalRapidDownload(services.db, portal.id, cookie);
  if (!download?.node_url || !download.paths)
    throw new ApiError(
      404,
      'not_found',
      MESSAGES.notFound,
      'No open Rapid download of this portal with this cookie.',
    );
  if (!(await nodeCompleted(services, download.node_url, cookie, download.paths))) throw transferIncomplete();
  const completed = await completePortalRapid(services.db, portal.id, download.id);
  await mailIfExhausted(services, portal, completed?.taken);
  return { counted: completed?.taken !== undefined };
}
