import { Upload, type UploadOptions } from 'tus-js-client';
import { fileNameSchema } from '../../../api/assets.ts';

/** The DAM's tus endpoint (`dam-app/server/uploads/`). */
export const BROWSER_UPLOAD_ENDPOINT = '/api/v1/uploads';

export interface BrowserUploadProgress {
  /** One per upload: two files of one name are two rows. */
  id: string;
  name: string;
  sent: number;
  total: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
}

/** The part of a tus upload this module drives (a seam for tests; the app uses tus-js-client's `Upload`). */
export interface TusUpload {
  findPreviousUploads(): Promise<unknown[]>;
  resumeFromPreviousUpload(previous: never): void;
  start(): void;
  abort(): Promise<void> | void;
}
export type CreateTusUpload = (file: File, options: UploadOptions) => TusUpload;
const createUpload: CreateTusUpload = (file, options) => new Upload(file, options);

let sequence = 0;
const nextUploadId = () => `http-upload-${Date.now().toString(36)}-${++sequence}`;

/** The progress rows with this report in its upload's row (added when it is the first report of that upload). */
export function withProgress(
  rows: readonly BrowserUploadProgress[],
  progress: BrowserUploadProgress,
): BrowserUploadProgress[] {
  return rows.some((row) => row.id === progress.id)
    ? rows.map((row) => (row.id === progress.id ? progress : row))
    : [...rows, progress];
}

/**
 * The beyond-spec fallback: a resumable upload from the browser over HTTP (tus, `tus-js-client`) into a folder of
 * the ACL (`destPath` relative to its root); the server hands the finished file to the same ingest as Rapid's.
 * Fingerprints in localStorage let a reload resume where it stopped. The first report (synchronous) adds the row.
 */
export function uploadOverHttp(
  file: File,
  destPath: string,
  onProgress: (progress: BrowserUploadProgress) => void,
  csrfToken?: string,
  create: CreateTusUpload = createUpload,
): { id: string; abort(): void } {
  const id = nextUploadId();
  const report = (state: BrowserUploadProgress['state'], sent: number, error?: string) =>
    onProgress({ id, name: file.name, sent, total: file.size, state, ...(error ? { error } : {}) });
  // The server's rule (the one rename uses), checked before any byte is sent; the name goes in NFC.
  const name = fileNameSchema.safeParse(file.name);
  if (!name.success) {
    report('failed', 0, name.error.issues[0]?.message);
    return { id, abort: () => {} };
  }
  report('uploading', 0);
  const upload = create(file, {
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
  let aborted = false;
  // Resuming is a saving, not a need: when the earlier uploads cannot be read (storage blocked or broken), the
  // upload starts from its first byte.
  upload
    .findPreviousUploads()
    .catch(() => [])
    .then((previous) => {
      if (aborted) return;
      const [last] = previous;
      if (last) upload.resumeFromPreviousUpload(last as never);
      upload.start();
    })
    .catch((error: unknown) => report('failed', 0, error instanceof Error ? error.message : String(error)));
  return {
    id,
    abort: () => {
      aborted = true;
      void upload.abort();
    },
  };
}
