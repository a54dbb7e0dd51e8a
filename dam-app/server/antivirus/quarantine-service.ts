import { mkdir, unlink } from 'node:fs/promises';
import { MESSAGES } from '../../api/messages.ts';
import type { QuarantinedUpload } from '../../api/quarantine.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError, notFound } from '../api/api-error.ts';
import { audit } from '../audit/audit.ts';
import { findUser } from '../auth/account-queries.ts';
import { baseName, joinPath, parentOf } from '../folders/acl-scope.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import type { DamServices } from '../services.ts';
import { INGEST_UPLOAD_JOB } from '../transfers/ingest-job.ts';
import { placeWithoutOverwrite } from '../uploads/unique-name.ts';
import {
  administratorEmails,
  markQuarantined,
  quarantineRows,
  rescanFoundInfected,
  resolveScan,
} from './antivirus-queries.ts';
import { quarantine } from './antivirus-service.ts';
import { scanFile } from './clamd-client.ts';

type Row = Awaited<ReturnType<typeof quarantineRows>>[number];

const view = (row: Row): QuarantinedUpload => ({
  id: row.id,
  path: row.path,
  via: row.via,
  result: row.result as QuarantinedUpload['result'],
  signature: row.signature,
  reason: row.reason,
  uploader: row.username,
  scannedAt: row.scanned_at.toISOString(),
});

export const listQuarantine = async (services: DamServices) => (await quarantineRows(services.db)).map(view);

async function waiting(services: DamServices, id: number) {
  const row = (await quarantineRows(services.db, id))[0];
  if (!row) throw notFound('upload');
  return row;
}

/** Queues a rescan; without clamd there is nothing to rescan with. */
export async function rescan(services: DamServices, principal: Principal, id: number, ip: string) {
  const row = await waiting(services, id);
  // A state of this server, not a failure of it: a conflict the administrator can resolve by setting DAM_CLAMD.
  if (!services.config.clamd)
    throw new ApiError(
      409,
      'antivirus_not_configured',
      MESSAGES.antivirusNotConfigured,
      'DAM_CLAMD is not set.',
    );
  await services.db.transaction().execute(async (trx) => {
    await queueJob(trx, 'antivirus.rescan', { scanId: row.id });
    await audit(trx, { actorId: principal.user.id, event: 'quarantine_rescan', target: row.path, ip });
  });
  services.jobs.kick();
}

/** Deletes a quarantined file for good (an upload let in unscanned is in the library: it is not deleted here). */
export async function deleteQuarantined(services: DamServices, principal: Principal, id: number, ip: string) {
  const row = await waiting(services, id);
  if (row.result !== 'infected' || !row.quarantine_path)
    throw new ApiError(
      409,
      'not_quarantined',
      MESSAGES.noPermission,
      'Only a quarantined file is deleted here.',
    );
  await unlink(row.quarantine_path).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await services.db.transaction().execute(async (trx) => {
    await resolveScan(trx, row.id, 'deleted');
    await audit(trx, { actorId: principal.user.id, event: 'quarantine_deleted', target: row.path, ip });
  });
}

/** The uploader and the administrators are told what a rescan made of an upload. */
async function tell(services: DamServices, row: Row, subject: string, text: string) {
  const uploader = row.user_id === null ? undefined : await findUser(services.db, row.user_id);
  const to = new Set([
    ...(uploader?.email ? [uploader.email] : []),
    ...(await administratorEmails(services.db)),
  ]);
  for (const address of to) await services.sendMail({ to: address, subject, text });
}

/**
 * R-QUARANTINE: the rescan job. A quarantined file found clean now (a false positive the signatures no longer
 * match) goes into its folder under a free name and through the ingest, as its upload would have; still infected,
 * it stays. A file let in unscanned found clean is marked so; found infected, it is moved to the quarantine.
 */
export async function runRescanJob(services: DamServices, payload: { scanId: number }) {
  const row = (await quarantineRows(services.db, payload.scanId))[0];
  const { clamd } = services.config;
  if (!row || !clamd) return;
  const file = row.result === 'infected' ? row.quarantine_path : services.tree.absolute(row.path);
  if (!file) return;
  const verdict = await scanFile(clamd, file);
  if (verdict.result === 'unscanned') {
    services.log.warn('antivirus.rescan_unscanned', { path: row.path, reason: verdict.reason });
    return;
  }
  if (verdict.result === 'infected') {
    if (row.result === 'infected')
      return rescanFoundInfected(services.db, row.id, verdict.signature).then(() => {});
    const quarantined = await quarantine(services.config.quarantineDir, file);
    await markQuarantined(services.db, row.id, verdict.signature, quarantined);
    await tell(
      services,
      row,
      `Rapid DAM: an upload was found infected (${verdict.signature})`,
      `The upload at ${row.path} was scanned again and found infected with ${verdict.signature}. It was moved to the quarantine.\n`,
    );
    return;
  }
  if (row.result === 'unscanned') {
    await resolveScan(services.db, row.id, 'clean');
    return;
  }
  const folder = parentOf(row.path);
  await mkdir(services.tree.absolute(folder), { recursive: true });
  const name = await placeWithoutOverwrite(file, services.tree.absolute(folder), baseName(row.path));
  const path = joinPath(folder, name);
  await services.db.transaction().execute(async (trx) => {
    await resolveScan(trx, row.id, 'released');
    await queueJob(trx, INGEST_UPLOAD_JOB, {
      path,
      ...(row.user_id === null ? {} : { userId: row.user_id }),
    });
  });
  services.jobs.kick();
  await tell(
    services,
    row,
    'Rapid DAM: a quarantined upload was released',
    `The upload at ${row.path} was scanned again and found clean. It is now in the library at ${path}.\n`,
  );
}
