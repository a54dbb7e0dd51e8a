import { mkdir, stat, unlink } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative } from 'node:path';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Server } from '@tus/server';
import type { Context } from 'hono';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { fileNameSchema } from '../../api/assets.ts';
import { MESSAGES } from '../../api/messages.ts';
import { pathInAcl } from '../access/acl-paths.ts';
import type { Principal } from '../access/principal.ts';
import { confinePath } from '../access/storage-path.ts';
import { mayUpload } from '../access/transfer-gates.ts';
import { activeScanner } from '../antivirus/antivirus-service.ts';
import { scanWhileHashing } from '../antivirus/scan-while-hashing.ts';
import { ApiError } from '../api/api-error.ts';
import { REQUEST_ID_HEADER } from '../api/request-id.ts';
import { isDiskFull } from '../api/server-failure.ts';
import type { HashAhead } from '../assets/hash-ahead.ts';
import { aclRoot } from '../folders/acl-scope.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import type { DamServices } from '../services.ts';
import { INGEST_UPLOAD_JOB } from '../transfers/ingest-job.ts';
import { ScanningFileStore } from './scanning-file-store.ts';
import { placeWithoutOverwrite } from './unique-name.ts';

export const BROWSER_UPLOAD_PATH = '/api/v1/uploads';
/** Unfinished browser uploads are kept this long for a resume, then cleaned. */
const KEEP_UNFINISHED_MS = 7 * 86_400_000;

const refuse = (status_code: number, body: string) => Object.assign(new Error(body), { status_code, body });

/** tus answers the errors it is thrown in its own shape: the API's refusals keep their status and text. */
function asTusRefusal<T>(body: () => T): T {
  try {
    return body();
  } catch (error) {
    if (error instanceof ApiError) throw refuse(error.status, error.userMessage);
    throw error;
  }
}

/**
 * The resumable browser upload (tus 1.0, `@tus/server`) offered when the Rapid client is not there: chunks land in
 * `DAM_HOME/uploads-staging/`, and a finished file is placed in its folder of the uploader's ACL — never over an
 * existing file — and handed to the same ingest as an accelerated upload. Only its uploader can resume it.
 */
export function createBrowserUploads(services: DamServices) {
  const { config } = services;
  const staging = join(config.home, 'uploads-staging');
  const nodeOwners = new WeakMap<IncomingMessage, Principal>();
  const nodeRequestIds = new WeakMap<IncomingMessage, string>();
  // tus hands its hooks a web Request made from the Node one; it keeps the Node request as `runtime.node.req`.
  const nodeOf = (req: Request) =>
    (req as unknown as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  const principalOf = (req: Request) => {
    const node = nodeOf(req);
    const principal = node && nodeOwners.get(node);
    if (!principal) throw refuse(401, MESSAGES.unauthorized);
    return principal;
  };
  // R-UPLOAD-SCAN: the bytes go to clamd as they land, so the verdict is ready when the upload ends (issue 30);
  // R-UPLOAD-SCAN-OFF: asked at each upload's first chunk, so the runtime switch counts from the next upload on.
  const datastore = new ScanningFileStore(
    { directory: staging, expirationPeriodInMilliseconds: KEEP_UNFINISHED_MS },
    () => activeScanner(config),
  );
  const server = new Server({
    path: BROWSER_UPLOAD_PATH,
    relativeLocation: true,
    // Announced as Tus-Max-Size; a larger Upload-Length is a 413 before any byte is stored.
    // R-RUNTIME-UPLOAD-SIZE: read at each request, so a changed setting holds from the next upload on.
    maxSize: () => config.maxUploadBytes,
    // In the database, not tus's memory: a resume may reach any server of a cluster (uploads/upload-locker.ts).
    locker: services.uploadLocker,
    datastore,
    async onUploadCreate(req, upload) {
      const principal = principalOf(req);
      if (!mayUpload(config, principal)) throw refuse(403, MESSAGES.noPermission);
      // The one file name rule (rename's), on the NFC spelling: what is stored is what was checked.
      const parsed = fileNameSchema.safeParse(upload.metadata?.filename ?? '');
      if (!parsed.success) throw refuse(400, parsed.error.issues[0]?.message ?? ASSET_MESSAGES.fileNameRule);
      const name = parsed.data;
      const folder = asTusRefusal(() => {
        const root = aclRoot(principal);
        return pathInAcl(config, root, `${root}/${upload.metadata?.destPath ?? ''}`);
      });
      const info = await stat(folder.absolute).catch(() => undefined);
      if (!info?.isDirectory()) throw refuse(404, MESSAGES.folderNotFound);
      // Whatever the page sent, the server decides where it goes and whose it is.
      return {
        metadata: { filename: name, folder: folder.absolute, userId: String(principal.user.id) },
      };
    },
    // tus would answer any other error with its message (an errno and a staging path): the client gets the spec's
    // words, 507 for a full disk (the upload continues from its offset once there is space), the log the detail.
    async onResponseError(req, error) {
      if ('status_code' in error) return undefined;
      const node = nodeOf(req);
      services.log.error('upload.server_error', {
        request_id: node && nodeRequestIds.get(node),
        method: req.method,
        error: error.stack ?? String(error),
      });
      return isDiskFull(error)
        ? { status_code: 507, body: MESSAGES.storageFull }
        : { status_code: 500, body: MESSAGES.uploadFailed };
    },
    async onIncomingRequest(req, uploadId) {
      const principal = principalOf(req);
      if (req.method === 'POST' || req.method === 'OPTIONS') return;
      const upload = await server.datastore.getUpload(uploadId).catch(() => undefined);
      if (upload && upload.metadata?.userId !== String(principal.user.id))
        throw refuse(404, MESSAGES.uploadNotFound);
    },
    async onUploadFinish(_req, upload) {
      // Checked again: a link may have been put in place of the folder (or one above it) since the upload began.
      const folder = confinePath(
        config.storageRoot,
        relative(config.storageRoot, upload.metadata?.folder ?? ''),
      );
      if (!folder) throw refuse(404, MESSAGES.folderNotFound);
      services.metrics.upload('http');
      // R-UPLOAD-SCAN: before anything reaches the library; whole, in staging, when it could not be scanned live.
      // R-UPLOAD-SCAN-OVERLAP: the ingest's hash is taken in staging meanwhile.
      let ahead: HashAhead | undefined;
      try {
        ahead = await scanWhileHashing(
          services,
          {
            file: join(staging, upload.id),
            path: relative(config.storageRoot, join(folder, upload.metadata?.filename as string)),
            userId: Number(upload.metadata?.userId),
            via: 'http',
          },
          () => datastore.liveVerdict(upload.id, upload.size ?? upload.offset),
        );
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        await unlink(join(staging, `${upload.id}.json`)).catch(() => {});
        throw refuse(error.status, error.userMessage);
      } finally {
        // A live scan begun before an administrator switched scanning off is not waited for.
        datastore.forget(upload.id);
      }
      await mkdir(folder, { recursive: true });
      const name = await placeWithoutOverwrite(
        join(staging, upload.id),
        folder,
        upload.metadata?.filename as string,
      );
      await unlink(join(staging, `${upload.id}.json`)).catch(() => {});
      const path = relative(config.storageRoot, join(folder, name));
      await queueJob(services.db, INGEST_UPLOAD_JOB, {
        path,
        userId: Number(upload.metadata?.userId),
        via: 'http',
        ahead,
      });
      services.jobs.kick();
      return { headers: { 'X-Rapid-Path': encodeURI(path) } };
    },
  });

  // tus's Node entry point, on the raw request and response: it notices a client that went away mid-chunk and
  // releases the upload's lock, so the resume that follows is not kept waiting.
  return async (c: Context, principal: Principal | undefined, requestId: string): Promise<Response> => {
    if (!principal) throw new ApiError(401, 'unauthorized', MESSAGES.unauthorized);
    const { incoming, outgoing } = c.env as { incoming: IncomingMessage; outgoing: ServerResponse };
    nodeOwners.set(incoming, principal);
    nodeRequestIds.set(incoming, requestId);
    outgoing.setHeader(REQUEST_ID_HEADER, requestId);
    await server.handle(incoming, outgoing);
    return RESPONSE_ALREADY_SENT;
  };
}
