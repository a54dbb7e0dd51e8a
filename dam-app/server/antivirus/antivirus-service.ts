import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, rename, unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { MESSAGES } from '../../api/messages.ts';
import { ApiError } from '../api/api-error.ts';
import type { DamServices } from '../services.ts';
import { administratorEmails, recordScan } from './antivirus-queries.ts';
import { type ClamdAddress, type ScanVerdict, scanFile } from './clamd-client.ts';

export interface UploadToScan {
  /** The file as it is now (staging, a landing name, the library folder). */
  file: string;
  /** The storage path it is (or would be) an asset at: what the records and the mail name. */
  path: string;
  userId: number | null;
  via: 'rapid' | 'http' | 'drive' | 'remote';
  /** clamd's verdict on these bytes already, when they were streamed to it as they arrived (tus: live-scan.ts). */
  scanned?: ScanVerdict;
}

export type UploadScan = ScanVerdict | { result: 'not_configured' };

/**
 * The clamd uploads go to now, or undefined when none is set or an administrator switched scanning off
 * (R-RUNTIME-SETTINGS: DAM_ANTIVIRUS=false keeps clamd's address). R-UPLOAD-SCAN-OFF: one answer for every path, so
 * no byte is sent to a scanner whose verdict would be ignored (the live tus stream included).
 */
export function activeScanner(config: DamServices['config']): ClamdAddress | undefined {
  return config.antivirus ? config.clamd : undefined;
}

/**
 * R-UPLOAD-SCAN: an upload is scanned once, whole, before it becomes an asset. Clean goes on; unscanned (clamd down,
 * too big for its limits) goes on too — availability over certainty — but is recorded with clamd's reason and logged,
 * and the antivirus health test turns red; infected is moved to the quarantine folder (outside the storage root),
 * recorded, the administrators are mailed, and the uploader gets `uploadInfected` (422). Without `DAM_CLAMD` nothing
 * is scanned: the site chose to run without an antivirus, which the health test shows as "not configured".
 */
export async function scanUpload(services: DamServices, upload: UploadToScan): Promise<UploadScan> {
  const clamd = activeScanner(services.config);
  if (!clamd) return { result: 'not_configured' };
  const verdict = upload.scanned ?? (await scanFile(clamd, upload.file));
  const base = { path: upload.path, user_id: upload.userId, via: upload.via };
  if (verdict.result === 'clean') {
    await recordScan(services.db, {
      ...base,
      result: 'clean',
      signature: null,
      reason: null,
      quarantine_path: null,
    });
    return verdict;
  }
  if (verdict.result === 'unscanned') {
    services.log.warn('antivirus.unscanned', { path: upload.path, via: upload.via, reason: verdict.reason });
    await recordScan(services.db, {
      ...base,
      result: 'unscanned',
      signature: null,
      reason: verdict.reason,
      quarantine_path: null,
    });
    return verdict;
  }
  const quarantined = await quarantine(services.config.quarantineDir, upload.file);
  services.log.warn('antivirus.infected', {
    path: upload.path,
    via: upload.via,
    signature: verdict.signature,
    quarantined,
  });
  await services.db.transaction().execute(async (trx) => {
    await recordScan(trx, {
      ...base,
      result: 'infected',
      signature: verdict.signature,
      reason: null,
      quarantine_path: quarantined,
    });
    for (const to of await administratorEmails(trx))
      await services.sendMail(
        {
          to,
          subject: `Rapid DAM: an infected upload was quarantined (${verdict.signature})`,
          text: `An upload to ${upload.path} (by ${upload.via}, user id ${upload.userId ?? 'unknown'}) was found infected with ${verdict.signature} by the antivirus.\n\nIt was not added to the library: it is quarantined at\n\n    ${quarantined}\n\non the DAM server.\n`,
        },
        trx,
      );
  });
  throw new ApiError(422, 'infected', MESSAGES.uploadInfected, `The antivirus found ${verdict.signature}.`);
}

/** Moves the file out of reach (a rename when on the same file system, else a copy then delete); returns where. */
export async function quarantine(dir: string, file: string): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const target = join(dir, `${Date.now()}-${randomBytes(4).toString('hex')}-${basename(file)}`);
  try {
    await rename(file, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(file, target);
    await unlink(file);
  }
  return target;
}
