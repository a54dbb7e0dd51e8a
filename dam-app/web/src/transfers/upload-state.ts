import type { MonitorOutcome } from './upload-monitor.ts';

/** An upload's line in the progress dialog; each is also the key of its text in `TRANSFER_MESSAGES`. */
export type UploadState =
  | 'starting'
  | 'uploading'
  | 'complete'
  | 'cancelled'
  | 'failed'
  | 'refused'
  | 'lost'
  | 'stalled';

const BY_OUTCOME: Record<MonitorOutcome, UploadState> = {
  completed: 'complete',
  cancelled: 'cancelled',
  failed: 'failed',
  unauthorized: 'refused',
  'not-found': 'lost',
  error: 'stalled',
};

/** How monitoring ended, as the person reads it: a failure is never shown as a cancel. */
export function uploadStateOf(outcome: MonitorOutcome): UploadState {
  return BY_OUTCOME[outcome];
}

/** Whether the upload is over (its line goes after a while; the transfer panel keeps the detail). */
export function uploadEnded(state: UploadState): boolean {
  return state !== 'starting' && state !== 'uploading';
}
