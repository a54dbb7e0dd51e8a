import { lstat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { aclsHeldBy } from '../access/acls-held.ts';
import { can, type Principal } from '../access/principal.ts';
import { liveAssetRowAt } from '../assets/asset-queries.ts';
import { type HashAhead, hashOf } from '../assets/hash-ahead.ts';
import { ingestFile, NotIngestableError } from '../assets/ingest.ts';
import { findUser } from '../auth/account-queries.ts';
import { baseName, isUnder, joinPath, parentOf } from '../folders/acl-scope.ts';
import type { JobPayload } from '../jobs/job-payloads.ts';
import type { DamServices } from '../services.ts';
import { placeWithoutOverwrite } from '../uploads/unique-name.ts';
import { versionFromUpload } from '../versions/upload-version.ts';
import type { INGEST_UPLOAD_JOB } from './ingest-job.ts';
import { settleUploadFile } from './upload-session-queries.ts';

/** An accelerated upload's file that the node landed beside an existing one, because its name was taken. */
export interface LandedUpload {
  /** The requested path, whose name was taken (storage-relative). */
  path: string;
  /** Where the node wrote it: a hidden landing name in the same folder. */
  landedPath: string;
  userId: number;
  /** The ACL the upload was made in. */
  aclId: number | null;
  /** Its hash, taken while the antivirus scanned it (R-UPLOAD-SCAN-OVERLAP). */
  ahead?: HashAhead;
}

/**
 * The DAM's half of "never destroy" for accelerated uploads (the node's half is the token's clash_policy): a file
 * whose name was taken becomes a new version of the asset there when the uploader may version it (it is visible in
 * the upload's ACL, which grants 'file actions', the right check-out and check-in need) and nobody else has it checked
 * out; otherwise it is kept as a new asset under a free name (`dawn (2).jpg`), as the browser upload does. Refusing
 * would throw away bytes the person already sent, perhaps gigabytes; a renamed copy loses nothing and can be checked
 * in later by whoever holds the lock. A file there that the DAM never registered is never replaced either.
 * Idempotent: a landing already handled is gone, and a repeat does nothing.
 */
export async function ingestLanded(services: DamServices, upload: LandedUpload): Promise<number | undefined> {
  const landed = services.tree.absolute(upload.landedPath);
  if (!(await lstat(landed).catch(() => undefined))?.isFile()) return undefined;
  const hash = await hashOf(landed, upload.ahead);
  const asset = await liveAssetRowAt(services.db, upload.path);
  const principal = await uploader(services, upload);
  if (asset && principal && mayVersion(principal, asset)) {
    // The same bytes again: nothing new to keep (a retried upload the node landed twice).
    if (asset.content_hash === hash) {
      await unlink(landed);
      return asset.id;
    }
    if (
      (await versionFromUpload(services, principal.user.id, asset.id, upload.landedPath, hash)) !== undefined
    )
      return asset.id;
  }
  const name = await placeWithoutOverwrite(landed, dirname(landed), baseName(upload.path));
  const made = await ingestFile(
    services,
    joinPath(parentOf(upload.path), name),
    { actorId: upload.userId, event: 'Upload' },
    upload.ahead,
  );
  return made.id;
}

/** The job that turns a file an upload delivered into an asset (or a version of one). */
export async function ingestUpload(
  services: DamServices,
  payload: JobPayload<typeof INGEST_UPLOAD_JOB>,
): Promise<void> {
  const ingest = async () => {
    if (payload.landedPath === undefined || payload.userId === undefined)
      return (
        await ingestFile(
          services,
          payload.path,
          { actorId: payload.userId ?? null, event: 'Upload' },
          payload.ahead,
        )
      ).id;
    return ingestLanded(services, {
      path: payload.path,
      landedPath: payload.landedPath,
      userId: payload.userId,
      aclId: payload.aclId ?? null,
      ahead: payload.ahead,
    });
  };
  const { cookie } = payload;
  if (cookie === undefined) {
    await ingest();
    return;
  }
  // R-UPLOAD-FORM: the upload's file records the asset it became (or that it became none), for the upload form.
  try {
    await settleUploadFile(services.db, cookie, payload.path, (await ingest()) ?? null);
  } catch (error) {
    if (error instanceof NotIngestableError) await settleUploadFile(services.db, cookie, payload.path, null);
    throw error;
  }
}

function mayVersion(principal: Principal, asset: { path: string; checked_out_by: number | null }): boolean {
  const root = principal.acl?.root_path.replace(/^\/+|\/+$/g, '');
  return (
    root !== undefined &&
    isUnder(root, asset.path) &&
    can(principal, 'file actions') &&
    (asset.checked_out_by === null || asset.checked_out_by === principal.user.id)
  );
}

/** The uploader in the ACL of the upload, if they still hold it; an inactive user versions nothing. */
async function uploader(services: DamServices, upload: LandedUpload): Promise<Principal | undefined> {
  const user = await findUser(services.db, upload.userId);
  if (user?.status !== 'active' || upload.aclId === null) return undefined;
  const acls = await aclsHeldBy(services.db, user.id);
  const acl = acls.find((each) => each.id === upload.aclId);
  return acl ? { user, via: 'session', adminMode: false, acl, acls } : undefined;
}
