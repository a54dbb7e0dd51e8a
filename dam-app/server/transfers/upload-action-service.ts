import { MESSAGES } from '../../api/messages.ts';
import type { Principal } from '../access/principal.ts';
import { scanWhileHashing } from '../antivirus/scan-while-hashing.ts';
import { ApiError, invalid, notFound } from '../api/api-error.ts';
import { visibleAssetIds } from '../assets/asset-records.ts';
import type { HashAhead } from '../assets/hash-ahead.ts';
import { baseName, joinPath, parentOf } from '../folders/acl-scope.ts';
import { uploadFormFor } from '../forms/form-service.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import type { DamServices } from '../services.ts';
import { NodeClient } from '../transfer-node/node-client.ts';
import { INGEST_UPLOAD_JOB } from './ingest-job.ts';
import * as queries from './upload-session-queries.ts';

interface NodeTransferRecord {
  id: string;
  status: string;
  start_spec?: { cookie?: string | null };
  /** `landed_path`: the name was taken, so the node wrote the file beside it (the token's clash_policy). */
  files?: { path: string; status: string; landed_path?: string }[];
}

/** A landing name is a hidden file in the requested file's own folder (never a name an asset could have). */
const isLandingBeside = (path: string, landed: string) =>
  parentOf(landed) === parentOf(path) &&
  baseName(landed).startsWith('.') &&
  !landed.split('/').includes('..');

/** The principal's own upload session for a cookie; another user's answers 404, so existence does not leak. */
async function ownSession(services: DamServices, principal: Principal, cookie: string) {
  const session = await queries.ownUploadSession(services.db, principal.user.id, cookie);
  if (!session) throw notFound('upload');
  return session;
}

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');

/**
 * Records the first time a step of the principal's own upload happened (a repeat keeps the first). The page's `path`
 * (R-UPLOAD-SESSION-START, R-UPLOAD-SESSION-FINISH) must be this upload's folder: a page that reports another folder is confused
 * about which upload it watches, so the step is refused rather than recorded against the wrong one.
 */
async function markSession(
  services: DamServices,
  principal: Principal,
  cookie: string,
  column: 'started_at' | 'finished_at',
  path?: string,
) {
  const session = await ownSession(services, principal, cookie);
  if (path !== undefined && trimSlashes(path) !== session.destination)
    throw invalid({ path: 'Not the folder of this upload.' });
  await queries.markUploadSession(services.db, cookie, column);
}

/** Asks the node itself (with the server's node user) what it finished for this cookie. */
export async function nodeTransfers(
  services: DamServices,
  nodeUrl: string,
  cookie: string,
): Promise<NodeTransferRecord[]> {
  const node = services.nodes.find((each) => each.url === nodeUrl);
  if (!node)
    throw new ApiError(
      503,
      'no_node',
      MESSAGES.operationFailed,
      'The node of this upload is not configured.',
    );
  const client = new NodeClient(node);
  try {
    const answer = await client.call('GET', `/ops/transfers?tag=${encodeURIComponent(cookie)}&count=1000`);
    if (answer.status !== 200 || !Array.isArray(answer.body))
      throw new ApiError(502, 'node_error', MESSAGES.operationFailed, `The node answered ${answer.status}.`);
    return (answer.body as NodeTransferRecord[]).filter((record) => record.start_spec?.cookie === cookie);
  } finally {
    client.close();
  }
}

/** UploadSessionStart, UploadSessionFinish: the step is recorded on the principal's own session. */
export const markStep = markSession;

/**
 * UploadFileFinish: files of this upload the node reports completed inside its folder are registered once each
 * for ingest; the page's list only narrows it.
 */
export async function fileFinish(
  services: DamServices,
  principal: Principal,
  cookie: string,
  paths: string[],
): Promise<{ paths: string[] }> {
  const session = await ownSession(services, principal, cookie);
  const asked = new Set(paths.map((path) => path.replace(/^\/+/, '')));
  // An ACL rooted at the whole storage uploads into "": every storage path lies inside it.
  const inDestination = (path: string) =>
    session.destination === '' || path.startsWith(`${session.destination}/`);
  const completed = (await nodeTransfers(services, session.node_url, cookie)).flatMap((record) =>
    (record.files ?? [])
      .filter((file) => file.status === 'completed')
      .map((file) => ({
        path: file.path.replace(/^\/+/, ''),
        landedPath: file.landed_path?.replace(/^\/+/, ''),
        transferId: record.id,
      }))
      .filter(
        (file) =>
          inDestination(file.path) &&
          !file.path.split('/').includes('..') &&
          asked.has(file.path) &&
          (file.landedPath === undefined || isLandingBeside(file.path, file.landedPath)),
      ),
  );
  const landedOf = new Map(completed.map((file) => [file.path, file.landedPath]));
  if (completed.length === 0) return { paths: [] };
  const { refused, aheads } = await scanCompleted(services, principal, cookie, completed);
  await services.db.transaction().execute(async (trx) => {
    const added = await queries.insertUploadFiles(
      trx,
      completed.map((file) => ({
        cookie,
        path: file.path,
        transfer_id: file.transferId,
        ...(refused.has(file.path) ? { settled_at: new Date() } : {}),
      })),
    );
    for (const { path } of added) {
      if (refused.has(path)) continue;
      const landedPath = landedOf.get(path);
      await queueJob(trx, INGEST_UPLOAD_JOB, {
        path,
        userId: principal.user.id,
        cookie,
        ...(landedPath ? { landedPath, aclId: principal.acl?.id ?? null } : {}),
        ahead: aheads.get(path),
      });
    }
  });
  services.jobs.kick();
  const [infected] = refused.values();
  if (infected) throw infected;
  return { paths: completed.map((file) => file.path) };
}

/** Scans of one finish run at once: clamd takes them on its threads (default 10), the finish waits for the slowest. */
const PARALLEL_SCANS = 4;

/**
 * R-UPLOAD-SCAN: each file not yet registered is scanned where the node wrote it, outside any transaction (a scan
 * may take minutes). An infected one is quarantined and registered without an ingest, so a repeated finish neither
 * scans nor ingests it; its refusal is answered once the clean ones are registered. The files are scanned side by side
 * (issue 30), not streamed as they arrive as tus uploads are: the node writes each block at its offset as it lands —
 * out of order, retransmits included, in its own process and maybe on another host — so no in-order byte stream
 * exists for clamd's INSTREAM before the file is complete. Each file's hash is taken beside its scan, for its ingest
 * (R-UPLOAD-SCAN-OVERLAP).
 */
async function scanCompleted(
  services: DamServices,
  principal: Principal,
  cookie: string,
  files: { path: string; landedPath: string | undefined }[],
): Promise<{ refused: Map<string, ApiError>; aheads: Map<string, HashAhead> }> {
  const registered = new Set(await queries.registeredUploadPaths(services.db, cookie));
  const waiting = files.filter((file) => !registered.has(file.path));
  const outcomes = new Array<ApiError | undefined>(waiting.length);
  const aheads = new Map<string, HashAhead>();
  let next = 0;
  const scanner = async () => {
    for (let index = next++; index < waiting.length; index = next++) {
      const file = waiting[index] as (typeof waiting)[number];
      services.metrics.upload('rapid');
      try {
        const ahead = await scanWhileHashing(services, {
          file: services.tree.absolute(file.landedPath ?? file.path),
          path: file.path,
          userId: principal.user.id,
          via: 'rapid',
        });
        if (ahead) aheads.set(file.path, ahead);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        outcomes[index] = error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_SCANS, waiting.length) }, scanner));
  const refused = new Map<string, ApiError>();
  waiting.forEach((file, index) => {
    const error = outcomes[index];
    if (error) refused.set(file.path, error);
  });
  return { refused, aheads };
}

/** error_upload (R-UPLOAD-ERROR): the failed transfer's message and the node's error code are kept on its session. */
export async function recordError(
  services: DamServices,
  principal: Principal,
  transferId: string,
  message: string,
  code: number | undefined,
) {
  const cookie = await cookieOfTransfer(services, principal, transferId);
  await queries.setUploadError(services.db, cookie, message, code ?? -1);
}

/** cancelled_upload (R-UPLOAD-CANCELLED): the person cancelled the transfer; the file it names is kept. */
export async function recordCancel(
  services: DamServices,
  principal: Principal,
  transferId: string,
  filename: string | undefined,
) {
  const cookie = await cookieOfTransfer(services, principal, transferId);
  await queries.cancelUploadSession(services.db, cookie, filename ? filename : null);
}

/** The cookie of a node transfer id, if it is one of the principal's uploads (the node is asked, not the page). */
async function cookieOfTransfer(services: DamServices, principal: Principal, id: string): Promise<string> {
  const sessions = await queries.recentUploadSessions(services.db, principal.user.id);
  for (const nodeUrl of new Set(sessions.map((session) => session.node_url))) {
    const node = services.nodes.find((each) => each.url === nodeUrl);
    if (!node) continue;
    const client = new NodeClient(node);
    try {
      const answer = await client.call('GET', `/ops/transfers/${encodeURIComponent(id)}`);
      const cookie = (answer.body as NodeTransferRecord | undefined)?.start_spec?.cookie;
      if (answer.status === 200 && sessions.some((session) => session.cookie === cookie))
        return cookie as string;
    } finally {
      client.close();
    }
  }
  throw notFound('transfer');
}

/**
 * R-UPLOAD-FORM: the caller's own upload (another person's answers 404) — how many of its files are registered and
 * still being ingested, the assets it made or versioned that the caller may see, and the upload form of its folder
 * or else of the workspace it was started in (R-WORKSPACE-UPLOAD-FORM).
 */
export async function uploadAssets(services: DamServices, principal: Principal, cookie: string) {
  const session = await ownSession(services, principal, cookie);
  const outcomes = await queries.uploadFileOutcomes(services.db, cookie);
  const made = [...new Set(outcomes.flatMap((row) => (row.asset_id === null ? [] : [row.asset_id])))];
  const visible = new Set(await visibleAssetIds(services, principal, made));
  return {
    files: outcomes.length,
    pending: outcomes.filter((row) => row.settled_at === null).length,
    assetIds: made.filter((id) => visible.has(id)),
    // The folder's form (any path inside it finds the form assigned to it or above it), else its workspace's.
    form: await uploadFormFor(services, joinPath(session.destination, '-'), session.workspace_id),
  };
}
