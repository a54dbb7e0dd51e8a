import { Upload } from 'tus-js-client';
import { fileNameSchema } from '../../../api/assets.ts';

/** The DAM's tus endpoint (`dam-app/server/uploads/`). */
export const BROWSER_UPLOAD_ENDPOINT = '/api/v1/uploads';

export interface BrowserUploadProgress {
  name: string;
  sent: number;
  total: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
}

/**
 * The beyond-spec fallback: a resumable upload from the browser over HTTP (tus, `tus-js-client`) into a folder of
 * the ACL (`destPath` relative to its root); the server hands the finished file to the same ingest as Rapid's.
 * Fingerprints in localStorage let a reload resume where it stopped.
 */
export function uploadOverHttp(
  file: File,
  destPath: string,
  onProgress: (progress: BrowserUploadProgress) => void,
  csrfToken?: string,
): { abort(): void } {
  const report = (state: BrowserUploadProgress['state'], sent: number, error?: string) =>
    onProgress({ name: file.name, sent, total: file.size, state, ...(error ? { error } : {}) });
  // The server's rule (the one rename uses), checked before any byte is sent; the name goes in NFC.
  const name = fileNameSchema.safeParse(file.name);
  if (!name.success) {
    report('failed', 0, name.error.issues[0]?.message);
    return { abort: () => {} };
  }
  const upload = new Upload(file, {
    endpoint: BROWSER_UPLOAD_ENDPOINT,
    chunkSize: 8 * 1024 * 1024,
    retryDelays: [0, 1000, 3000, 5000],
    metadata: { filename: name.data, destPath },
    ...(csrfToken ? { headers: { 'X-CSRF-Token': csrfToken } } : {}),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onProgress: (sent) => report('uploading', sent),
    onSuccess: () => report('done', file.size),
    onError: (error) => report('failed', 0, error.message),
  });
  upload.findPreviousUploads().then((previous) => {
    const [last] = previous;
    if (last) upload.resumeFromPreviousUpload(last);
    upload.start();
  });
  return { abort: () => void upload.abort() };
}
