import { MESSAGES } from '../../api/messages.ts';
import { ApiError } from '../api/api-error.ts';
import type { DamServices } from '../services.ts';
import type { Requester } from '../visitors/visitor-headers.ts';
import { nodeCompleted, signVisitorDownload, transferIncomplete } from '../visitors/visitor-rapid.ts';
import { insertDownload, openRapidDownload } from './share-queries.ts';
import {
  askShareWorkflows,
  downloadGrant,
  liveShare,
  sharedFiles,
  takeFor,
} from './share-recipient-service.ts';

/**
 * The share's files as one Rapid download: the node signs a spec naming exactly those files, tagged with a cookie of
 * this share's own (visitors/visitor-rapid.ts).
 */
export async function shareRapidSpec(
  services: DamServices,
  token: string,
  grantText: string | undefined,
  request: Requester,
) {
  const share = await liveShare(services, token);
  const grant = downloadGrant(share, grantText);
  const { files } = await sharedFiles(services, share);
  if (files.length === 0)
    throw new ApiError(404, 'not_found', MESSAGES.notFound, 'Nothing left in the share.');
  await askShareWorkflows(services, share, files);
  const signed = await signVisitorDownload(services, {
    files,
    owner: `share-${share.id}`,
    visit: grant.visit,
    tags: { share: share.id },
  });
  await insertDownload(services.db, {
    shareId: share.id,
    visit: grant.visit,
    method: 'rapid',
    ip: request.ip,
    userAgent: request.userAgent,
    cookie: signed.cookie,
    nodeUrl: signed.nodeUrl,
  });
  return signed.answer;
}

/**
 * The page says its Rapid transfer ended. The node's records for the cookie decide: when they show every file of the
 * share completed, the share counts one download (once per transfer); a page's word alone counts nothing.
 */
export async function shareRapidDone(
  services: DamServices,
  token: string,
  grantText: string | undefined,
  cookie: string,
) {
  const share = await liveShare(services, token);
  downloadGrant(share, grantText);
  const download = await openRapidDownload(services.db, share.id, cookie);
  if (!download?.node_url)
    throw new ApiError(
      404,
      'not_found',
      MESSAGES.notFound,
      'No Rapid download of this share with this cookie.',
    );
  const sharedPaths = (await sharedFiles(services, share)).files.map((file) => file.path);
  if (!(await nodeCompleted(services, download.node_url, cookie, sharedPaths))) throw transferIncomplete();
  return { counted: await takeFor(services, share, download.id) };
}
