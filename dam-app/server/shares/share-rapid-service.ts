import { type SetupRequest, setupReply } from '@rapid/protocol';
import { MESSAGES } from '../../api/messages.ts';
import { formatTransferCookie } from '../../api/transfer-cookie.ts';
import { ApiError } from '../api/api-error.ts';
import type { DamServices } from '../services.ts';
import { NodeClient } from '../transfer-node/node-client.ts';
import { pickNode, TRANSFER_DEFAULTS } from '../transfers/pre-transfer-service.ts';
import { nodeTransfers } from '../transfers/upload-action-service.ts';
import type { Requester } from '../visitors/visitor-headers.ts';
import { zipEntryName } from '../visitors/visitor-zip.ts';
import { insertDownload, openRapidDownload } from './share-queries.ts';
import { downloadGrant, liveShare, sharedFiles, takeFor } from './share-recipient-service.ts';

const noNode = () =>
  new ApiError(503, 'no_node', MESSAGES.operationFailed, 'No transfer node is configured or running.');

/**
 * The share's files as one Rapid download: the node signs a spec naming exactly those files (their storage paths,
 * each landing under its shared name), tagged with a cookie of this share's own. Nothing the page sends names a
 * path: a recipient cannot widen it.
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
  const node = pickNode(services.nodes);
  if (!node) throw noNode();
  const taken = new Set<string>();
  const cookie = formatTransferCookie({
    userName: `share-${share.id}`,
    uploadTime: `${new Date().toISOString()}-${grant.visit}`,
    fileCount: files.length,
    uploadDirectory: '',
    finalDirectory: '',
    completedPaths: [],
  });
  const setup: SetupRequest = {
    transfer_requests: [
      {
        transfer_request: {
          paths: files.map((file) => ({
            source: `/${file.path}`,
            destination: zipEntryName(file.fileName, taken),
          })),
          cookie,
          tags: { dam: { share: share.id, node: node.url } },
          target_rate_kbps: TRANSFER_DEFAULTS.target_rate_kbps,
        },
      },
    ],
  };
  const client = new NodeClient(node);
  try {
    const answer = await client.call('POST', '/files/download_setup', setup).catch((error: unknown) => {
      throw new ApiError(
        502,
        'node_unreachable',
        MESSAGES.operationFailed,
        `The node could not be reached: ${error}`,
      );
    });
    const entry = setupReply.safeParse(answer.body).data?.transfer_specs[0];
    if (answer.status !== 200 || !entry || 'error' in entry)
      throw new ApiError(502, 'node_error', MESSAGES.operationFailed, `The node answered ${answer.status}.`);
    await insertDownload(services.db, {
      shareId: share.id,
      visit: grant.visit,
      method: 'rapid',
      ip: request.ip,
      userAgent: request.userAgent,
      cookie,
      nodeUrl: node.url,
    });
    const spec = {
      ...entry.transfer_spec,
      cookie,
      target_rate_kbps: TRANSFER_DEFAULTS.target_rate_kbps,
      create_dir: true,
      aspera_connect_settings: { xfer_retries: TRANSFER_DEFAULTS.xfer_retries },
    };
    return { transfer_specs: [{ transfer_spec: spec }] };
  } finally {
    client.close();
  }
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
  // The node names a download's files by where they landed; what it sent is its signed spec's source paths.
  const records = (await nodeTransfers(services, download.node_url, cookie)) as {
    status: string;
    start_spec?: { source_paths?: string[] };
    files?: { status: string }[];
  }[];
  const whole = records.some((record) => {
    const sent = new Set((record.start_spec?.source_paths ?? []).map((path) => path.replace(/^\/+/, '')));
    const files = record.files ?? [];
    return (
      record.status === 'completed' &&
      files.length >= sharedPaths.length &&
      files.every((file) => file.status === 'completed') &&
      sharedPaths.every((path) => sent.has(path))
    );
  });
  if (!whole)
    throw new ApiError(
      409,
      'transfer_incomplete',
      MESSAGES.operationFailed,
      'The node has not completed every file.',
    );
  return { counted: await takeFor(services, share, download.id) };
}
