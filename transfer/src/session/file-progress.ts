import type { FileProgress } from './session-types.ts';

/** A file's progress before anything moved. */
export function newFileProgress(index: number, path: string, size: number): FileProgress {
  return {
    index,
    path,
    size,
    startByte: 0,
    bytesWritten: 0,
    status: 'queued',
    errorCode: 0,
    errorDesc: '',
    checksum: null,
    startMs: 0,
    endMs: 0,
  };
}

/** Ends a file: completed and skipped files count as fully written. */
export function endFileProgress(
  file: FileProgress,
  status: 'completed' | 'skipped' | 'failed',
  code = 0,
  desc = '',
): void {
  Object.assign(file, { status, errorCode: code, errorDesc: desc, endMs: Date.now() });
  if (status !== 'failed') file.bytesWritten = file.size;
  if (file.startMs === 0) file.startMs = file.endMs;
}

export function startFileProgress(file: FileProgress): void {
  if (file.status === 'queued') Object.assign(file, { status: 'transferring', startMs: Date.now() });
}

/** A session that failed fails every file still waiting or moving, with the session's error. */
export function failUnfinished(files: FileProgress[], error: { code: number; message: string }): void {
  for (const file of files) {
    if (file.status !== 'queued' && file.status !== 'transferring') continue;
    file.status = 'failed';
    file.errorCode = error.code;
    file.errorDesc = error.message;
  }
}
