import { type HashAhead, hashAhead } from '../assets/hash-ahead.ts';
import type { DamServices } from '../services.ts';
import { activeScanner, scanUpload, type UploadToScan } from './antivirus-service.ts';
import type { ScanVerdict } from './clamd-client.ts';

/**
 * R-UPLOAD-SCAN-OVERLAP: scans an upload exactly as {@link scanUpload} does and, meanwhile, takes the hash its ingest
 * needs, so "upload complete → asset visible" costs the longer of the two rather than their sum (issue 30: clamd's
 * pass over 100 MiB takes about a second here, the hash a quarter of that or more). Only the bytes are read ahead:
 * nothing parses the file (exiftool, renditions) and no asset row exists before the verdict; an infected file's hash
 * is thrown away with it. `live` gives the verdict of the bytes streamed to clamd as they arrived (tus), still to
 * come. Without an active scanner there is nothing to wait for, and the ingest hashes as it always did.
 */
export async function scanWhileHashing(
  services: DamServices,
  upload: Omit<UploadToScan, 'scanned'>,
  live?: () => Promise<ScanVerdict | undefined>,
): Promise<HashAhead | undefined> {
  if (!activeScanner(services.config)) {
    await scanUpload(services, upload);
    return undefined;
  }
  // A hash that fails (the file moved, changed while read) is only a lost head start: the ingest reads it itself.
  const hashing = hashAhead(upload.file).catch(() => undefined);
  try {
    await scanUpload(services, { ...upload, scanned: await live?.() });
  } catch (error) {
    await hashing;
    throw error;
  }
  return hashing;
}
