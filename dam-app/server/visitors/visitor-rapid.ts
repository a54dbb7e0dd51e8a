import { type SetupRequest, setupReply } from '@rapid/protocol';
import { MESSAGES } from '../../api/messages.ts';
import { formatTransferCookie } from '../../api/transfer-cookie.ts';
import { ApiError } from '../api/api-error.ts';
import type { DamServices } from '../services.ts';
import { NodeClient } from '../transfer-node/node-client.ts';
import { pickNode, TRANSFER_DEFAULTS } from '../transfers/pre-transfer-service.ts';
import { nodeTransfers } from '../transfers/upload-action-service.ts';
import { zipEntryName } from './visitor-zip.ts';

const noNode = () =>
  new ApiError(503, 'no_node', MESSAGES.operationFailed, 'No transfer node is configured or running.');

/**
 * A visitor's files as one Rapid download: the node signs a spec naming exactly these files (their storage paths, each
 * landing under its own name), tagged with a cookie of this visit's own. Nothing the page sends names a path: a visitor
 * cannot widen it. `owner` names the shared thing in the cookie (`share-12`, `portal-3`); `tags` go to the node.
 */
export async function signVisitorDownload(
  services: DamServices,
  visit: {
    files: { path: string; fileName: string }[];
    owner: string;
    visit: string;
    tags: Record<string, unknown>;
  },
) {
  const node = pickNode(services.nodes);
  if (!node) throw noNode();
  const taken = new Set<string>();
  const cookie = formatTransferCookie({
    userName: visit.owner,
    uploadTime: `${new Date().toISOString()}-${visit.visit}`,
    fileCount: visit.files.length,
    uploadDirectory: '',
    finalDirectory: '',
    completedPaths: [],
  });
  const setup: SetupRequest = {
    transfer_requests: [
      {
        transfer_request: {
          paths: visit.files.map((file) => ({
            source: `/${file.path}`,
            destination: zipEntryName(file.fileName, taken),
          })),
          cookie,
          tags: { dam: { ...visit.tags, node: node.url } },
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
    const spec = {
      ...entry.transfer_spec,
      cookie,
      target_rate_kbps: TRANSFER_DEFAULTS.target_rate_kbps,
      create_dir: true,
      aspera_connect_settings: { xfer_retries: TRANSFER_DEFAULTS.xfer_retries },
    };
    return { cookie, nodeUrl: node.url, answer: { transfer_specs: [{ transfer_spec: spec }] } };
  } finally {
    client.close();
  }
}

/**
 * Whether the node's records for `cookie` show a transfer that completed every one of `paths` (storage paths). The
 * node names a download's files by where they landed; what it sent is its signed spec's source paths. A page's word
 * alone proves nothing.
 */
export async function nodeCompleted(
  services: DamServices,
  nodeUrl: string,
  cookie: string,
  paths: string[],
): Promise<boolean> {
  if (paths.length === 0) return false;
  const records = (await nodeTransfers(services, nodeUrl, cookie)) as {
    status: string;
    start_spec?: { source_paths?: string[] };
    files?: { status: string }[];
  }[];
  return records.some((record) => {
    const sent = new Set((record.start_spec?.source_paths ?? []).map((path) => path.replace(/^\/+/, '')));
    const files = record.files ?? [];
    return (
      record.status === 'completed' &&
      files.length >= paths.length &&
      files.every((file) => file.status === 'completed') &&
      paths.every((path) => sent.has(path))
    );
  });
}

export const transferIncomplete = () =>
  new ApiError(
    409,
    'transfer_incomplete',
    MESSAGES.operationFailed,
    'The node has not completed every file.',
  );
