import { type SetupRequest, setupReply, type TransferRequest } from '@rapid/protocol';
import type { z } from 'zod';
import { MESSAGES } from '../../api/messages.ts';
import { formatTransferCookie } from '../../api/transfer-cookie.ts';
import { TRANSFER_MESSAGES } from '../../api/transfer-messages.ts';
import { translateTransferPath } from '../../api/transfer-paths.ts';
import type { preTransferRequestSchema } from '../../api/transfers.ts';
import { pathInAcl } from '../access/acl-paths.ts';
import type { Principal } from '../access/principal.ts';
import { mayDownload, mayUpload } from '../access/transfer-gates.ts';
import { ApiError, forbidden, invalid, notFound } from '../api/api-error.ts';
import type { NodeEndpoint } from '../config/config.ts';
import { aclRoot } from '../folders/acl-scope.ts';
import { asperaConvertIdToPath } from '../folders/transfer-functions.ts';
import { dockNodePath } from '../loading-dock/loading-dock-service.ts';
import {
  readPlatformSettings,
  relativePathOf,
  transferUserName,
} from '../platform-settings/platform-settings-service.ts';
import type { DamServices } from '../services.ts';
import { inLoadingDock } from '../storage/work-folders.ts';
import { type NodeAnswer, NodeClient } from '../transfer-node/node-client.ts';
import { markNodeDown, markNodeUp, nodesToTry } from '../transfer-node/node-liveness.ts';
import { askPermissionWorkflows, assetIdsAtOrUnder } from '../workflows/permission-workflows.ts';
import { usableWorkspace } from '../workspaces/workspace-queries.ts';
import { insertUploadSession } from './upload-session-queries.ts';

/** R-TRANSFER-DEFAULTS transfer integration limits. */
export const TRANSFER_DEFAULTS = { target_rate_kbps: 100_000, ssh_port: 33_001, xfer_retries: 100 } as const;

/** One host of the list at random per transfer, a live one when one is (R-NODE-PICK). */
export function pickNode(nodes: NodeEndpoint[], random = Math.random): NodeEndpoint | undefined {
  return nodesToTry(nodes, random)[0];
}

/**
 * R-PRE-TRANSFER `nodehost`: the node the page asks for, when it names one; it must be one of the DAM's nodes (by host, or host
 * and port). Without it, every node in the order a transfer tries them (R-NODE-PICK).
 */
function nodesFor(nodes: NodeEndpoint[], nodehost: string | undefined): NodeEndpoint[] {
  if (nodehost === undefined || nodehost === '') return nodesToTry(nodes);
  const wanted = nodehost.toLowerCase();
  const node = nodes.find((each) => {
    const url = new URL(each.url);
    return url.host.toLowerCase() === wanted || url.hostname.toLowerCase() === wanted;
  });
  if (!node) throw invalid({ nodehost: 'Not a transfer node of this DAM.' });
  return [node];
}

/**
 * R-NODE-LIVE: the setup goes to the first node that answers; one that cannot be reached (killed, restarting) is
 * remembered as down and the next is asked, so a page whose transfer died with its node gets a live one on retry.
 */
async function setupOnLiveNode(
  candidates: NodeEndpoint[],
  nodetarget: string,
  setupFor: (node: NodeEndpoint) => SetupRequest,
): Promise<{ node: NodeEndpoint; answer: NodeAnswer }> {
  const failures: string[] = [];
  for (const node of candidates) {
    const client = new NodeClient(node);
    try {
      const answer = await client.call('POST', nodetarget, setupFor(node));
      markNodeUp(node);
      return { node, answer };
    } catch (error) {
      markNodeDown(node);
      failures.push(`${node.url}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      client.close();
    }
  }
  throw new ApiError(
    502,
    'node_unreachable',
    MESSAGES.operationFailed,
    `No transfer node could be reached: ${failures.join('; ')}`,
  );
}

/**
 * The pre-transfer handler workflow: checks the upload or download gate, turns the page's folder and paths into
 * node paths inside the ACL, and has a node sign the transfer spec; an upload's session is recorded for its actions.
 */
export async function preTransfer(
  services: DamServices,
  principal: Principal,
  body: z.output<typeof preTransferRequestSchema>,
) {
  const { config } = services;
  const upload = body.nodetarget === '/files/upload_setup';
  // without the permission, a download of loading-dock files only may go on; each dock's assets
  // must then be granted by an approved request (dockNodePath asks).
  const onlyDockFiles =
    body.transfer_spec.paths.length > 0 &&
    body.transfer_spec.paths.every((each) => inLoadingDock((each.source ?? '').replace(/^\/+/, '')));
  const allowed = upload
    ? mayUpload(config, principal)
    : mayDownload(config, principal) || (config.allowDownload && onlyDockFiles);
  if (!allowed) throw forbidden();
  const root = aclRoot(principal);
  // R-ACL-RELATIVE-PATH: no accelerated transfer starts without the current ACL's relative path permission.
  const relative = relativePathOf(principal.acl);
  if (relative === undefined) throw new ApiError(403, 'no_relative_path', TRANSFER_MESSAGES.noAclPermission);
  // R-PLATFORM-SETTINGS: a page of another workspace (an old tab, another site's script) gets no transfer here.
  const platform = await readPlatformSettings(services.db);
  if (body.workspaceId !== undefined && String(body.workspaceId) !== platform.workspaceId)
    throw invalid({ workspaceId: 'Not the workspace of this site.' });
  const candidates = nodesFor(services.nodes, body.nodehost);
  if (candidates.length === 0)
    throw new ApiError(
      503,
      'no_node',
      MESSAGES.operationFailed,
      'No transfer node is configured or running.',
    );
  const uploadTime = new Date().toISOString();

  let request: TransferRequest;
  if (upload) {
    // R-UPLOAD-TARGET: no selected folder means the standard directory (the ACL root); a folder id is first converted to
    // its path (asperaconvertidtopath), which also answers 404 for a folder the person may not see.
    const folderId =
      body.destDirId === undefined || body.destDirId === null ? undefined : Number(body.destDirId);
    if (folderId !== undefined && !Number.isInteger(folderId))
      throw invalid({ destDirId: 'Not a folder id.' });
    const destination =
      folderId === undefined
        ? pathInAcl(config, root, `${relative}/${body.destPath ?? ''}`).nodePath
        : pathInAcl(config, root, await asperaConvertIdToPath(services, principal, folderId)).nodePath;
    const folder = destination.slice(1);
    const count = body.transferCount ?? body.transfer_spec.paths.length;
    request = {
      destination_root: destination,
      // The node, not the page's editable spec, guarantees that no existing file is written: a taken name lands
      // beside it and UploadFileFinish's ingest decides (a version, or a renamed copy; transfers/ingest-landed.ts).
      clash_policy: 'land_beside',
      cookie: formatTransferCookie({
        userName: transferUserName(principal),
        uploadTime,
        fileCount: count,
        uploadDirectory: folder,
        finalDirectory: folder,
        completedPaths: [],
      }),
    };
  } else {
    const settings = { relativePath: relative, prefixWorkFolders: platform.prefixWorkFolders };
    const paths: { source: string; destination?: string }[] = [];
    const libraryPaths: string[] = [];
    for (const each of body.transfer_spec.paths) {
      if (!each.source) throw invalid({ 'transfer_spec.paths': 'Every download path needs a source.' });
      // R-TRANSFER-PATH: a path is relative to the relative path unless it already names it, is in the loading dock or
      // the renditions, or is absolute (storage-relative); R-ACL-RELATIVE-PATH: it never leaves the ACL root. A
      // loading-dock path must be a file of one of the person's ready docks (R-DOCK-DOWNLOAD).
      const dock = await dockNodePath(services, principal, each.source);
      const source = dock ?? pathInAcl(config, root, translateTransferPath(each.source, settings)).nodePath;
      if (dock === undefined) libraryPaths.push(source.slice(1));
      paths.push(each.destination ? { source, destination: each.destination } : { source });
    }
    // R-WORKFLOW-PERMISSION-RAPID: the same question as a Standard Download's, for every asset the files and folders carry
    // (a dock's files were asked about when the dock was prepared).
    await askPermissionWorkflows(
      services,
      principal,
      'download',
      await assetIdsAtOrUnder(services, libraryPaths),
    );
    request = {
      paths,
      cookie: formatTransferCookie({
        userName: transferUserName(principal),
        uploadTime,
        fileCount: paths.length,
        uploadDirectory: '',
        finalDirectory: '',
        completedPaths: [],
      }),
    };
  }
  request.target_rate_kbps = TRANSFER_DEFAULTS.target_rate_kbps;
  // The page asks NodeCredentials for the node that answered (R-NODE-PICK: the node is chosen per transfer).
  const { node, answer } = await setupOnLiveNode(candidates, body.nodetarget, (node) => {
    request.tags = {
      dam: {
        user: transferUserName(principal),
        acl: principal.acl?.name ?? null,
        node: node.url,
        workspace: platform.workspaceId,
      },
    };
    return { transfer_requests: [{ transfer_request: request }] };
  });
  if (answer.status === 401)
    throw new ApiError(
      502,
      'node_credentials',
      MESSAGES.operationFailed,
      'The node refused the DAM’s credentials: check them.',
    );
  // The node's answer is read by the protocol's schema: an entry is a spec or an error, nothing in between.
  const entry = setupReply.safeParse(answer.body).data?.transfer_specs[0];
  if (answer.status === 404 || (entry && 'error' in entry))
    throw notFound(
      'file',
      entry && 'error' in entry ? entry.error.user_message : 'No such path on the node.',
    );
  if (answer.status !== 200 || !entry)
    throw new ApiError(502, 'node_error', MESSAGES.operationFailed, `The node answered ${answer.status}.`);
  const spec = {
    ...entry.transfer_spec,
    cookie: request.cookie,
    tags: { ...((entry.transfer_spec.tags as object | null) ?? {}), ...request.tags },
    target_rate_kbps: TRANSFER_DEFAULTS.target_rate_kbps,
    create_dir: true,
    ...(upload ? { paths: body.transfer_spec.paths, uploadTime, finalDir: request.destination_root } : {}),
    aspera_connect_settings: { xfer_retries: TRANSFER_DEFAULTS.xfer_retries },
  };
  if (upload)
    // What UploadFileFinish checks the node's word against: this user, this node, this folder. R-WORKSPACE-UPLOAD-FORM:
    // the workspace only when one of the person's groups sees it — an old tab's or another's is left out, not refused.
    await insertUploadSession(services.db, {
      workspace_id:
        body.damWorkspaceId === undefined
          ? null
          : ((await usableWorkspace(services.db, principal.user.id, body.damWorkspaceId))?.id ?? null),
      cookie: request.cookie as string,
      user_id: principal.user.id,
      node_url: node.url,
      destination: (request.destination_root as string).slice(1),
      file_count: body.transferCount ?? body.transfer_spec.paths.length,
    });
  return { transfer_specs: [{ transfer_spec: spec }] };
}
