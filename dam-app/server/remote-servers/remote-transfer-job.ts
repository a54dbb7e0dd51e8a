import { randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { scanUpload } from '../antivirus/antivirus-service.ts';
import { ApiError } from '../api/api-error.ts';
import { baseName, joinPath } from '../folders/acl-scope.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import type { DamServices } from '../services.ts';
import { isIndexable } from '../storage/originals-tree.ts';
import { INGEST_UPLOAD_JOB } from '../transfers/ingest-job.ts';
import { placeWithoutOverwrite } from '../uploads/unique-name.ts';
import { pcName, remoteFolder } from './ftp-session.ts';
import * as queries from './remote-server-queries.ts';
import { withRemoteServer } from './remote-server-service.ts';
import type { RemoteSession } from './remote-session.ts';

/** Progress is written at most this often while a file goes (and after each file). */
const PROGRESS_EVERY_MS = 500;

type Transfer = Awaited<ReturnType<typeof queries.remoteTransferRows>>[number];

/**
 * Runs a queued delivery or import once: a transfer already past `queued` (a job run twice) is left alone. Its end,
 * done or failed with the reason a person reads, is written on the row; the job itself does not fail, so it is not
 * tried again over a half-delivered folder.
 */
async function runTransfer(
  services: DamServices,
  transferId: number,
  work: (
    transfer: Transfer,
    session: RemoteSession,
    login: Parameters<Parameters<typeof withRemoteServer>[2]>[1],
  ) => Promise<void>,
) {
  const transfer = (await queries.remoteTransferRows(services.db, transferId, 1))[0];
  if (transfer?.state !== 'queued') return;
  await queries.updateRemoteTransfer(services.db, transferId, { state: 'running' });
  try {
    await withRemoteServer(services, transfer.server_id, (session, login) => work(transfer, session, login));
    await queries.updateRemoteTransfer(services.db, transferId, { state: 'done', finished_at: new Date() });
  } catch (error) {
    const reason = error instanceof ApiError ? error.userMessage : (error as Error).message;
    services.log.warn('remote.transfer_failed', {
      transferId,
      direction: transfer.direction,
      error: (error as Error).message,
    });
    await queries.updateRemoteTransfer(services.db, transferId, {
      state: 'failed',
      error: reason,
      finished_at: new Date(),
    });
  }
}

/** A progress listener that writes the byte count (files before plus the current one), at most every PROGRESS_EVERY_MS. */
function trackBytes(services: DamServices, transferId: number, before: () => number) {
  let last = 0;
  return (bytes: number) => {
    const now = Date.now();
    if (now - last < PROGRESS_EVERY_MS) return;
    last = now;
    void queries
      .updateRemoteTransfer(services.db, transferId, { bytes_done: before() + bytes })
      .catch(() => {});
  };
}

/** A file in a remote folder. */
const remoteFile = (folder: string, name: string) => (folder === '/' ? `/${name}` : `${folder}/${name}`);

/** R-REMOTE-SERVERS: each asset's original into the server's destination, under its file name (PC format if set). */
export function runDeliveryJob(services: DamServices, payload: { transferId: number }) {
  return runTransfer(services, payload.transferId, async (transfer, session, login) => {
    const assets = await queries.assetOriginals(services.db, transfer.asset_ids);
    await queries.updateRemoteTransfer(services.db, transfer.id, { files_total: assets.length });
    await session.ensureDir(login.destination);
    let bytes = 0;
    let files = 0;
    const progress = trackBytes(services, transfer.id, () => bytes);
    for (const asset of assets) {
      const name = baseName(asset.path);
      await session.upload(
        services.tree.absolute(asset.path),
        remoteFile(login.destination, login.pcFormat ? pcName(name) : name),
        progress,
      );
      bytes += Number(asset.size);
      files += 1;
      await queries.updateRemoteTransfer(services.db, transfer.id, { files_done: files, bytes_done: bytes });
    }
  });
}

/**
 * R-REMOTE-SERVERS: each file of the remote folder (not its subfolders, not hidden files) is fetched to a hidden
 * name in the library folder, scanned (R-UPLOAD-SCAN: an infected one is quarantined and counted as refused), put
 * in place under a free name and handed to the ingest job, as a browser upload is.
 */
export function runImportJob(services: DamServices, payload: { transferId: number }) {
  return runTransfer(services, payload.transferId, async (transfer, session, login) => {
    const folder = remoteFolder(login.destination, transfer.remote_path);
    const listing = await session.list(folder);
    const files = listing.filter(
      (entry) => entry.isFile && isIndexable(entry.name) && !/[\\/]/.test(entry.name),
    );
    await queries.updateRemoteTransfer(services.db, transfer.id, { files_total: files.length });
    let bytes = 0;
    let done = 0;
    let refused = 0;
    const progress = trackBytes(services, transfer.id, () => bytes);
    for (const entry of files) {
      const staged = joinPath(transfer.folder_path, `.remote-${randomBytes(8).toString('hex')}.tmp`);
      const stagedFile = services.tree.absolute(staged);
      try {
        await session.download(remoteFile(folder, entry.name), stagedFile, progress);
        bytes += entry.size;
        try {
          await scanUpload(services, {
            file: stagedFile,
            path: joinPath(transfer.folder_path, entry.name),
            userId: transfer.user_id,
            via: 'remote',
          });
        } catch (error) {
          if (!(error instanceof ApiError) || error.code !== 'infected') throw error;
          refused += 1;
          continue;
        }
        const name = await placeWithoutOverwrite(
          stagedFile,
          services.tree.absolute(transfer.folder_path),
          entry.name,
        );
        await queueJob(services.db, INGEST_UPLOAD_JOB, {
          path: joinPath(transfer.folder_path, name),
          ...(transfer.user_id === null ? {} : { userId: transfer.user_id }),
        });
        services.jobs.kick();
        done += 1;
      } finally {
        await unlink(stagedFile).catch(() => {});
        await queries.updateRemoteTransfer(services.db, transfer.id, {
          files_done: done,
          files_refused: refused,
          bytes_done: bytes,
        });
      }
    }
  });
}
