import type { FileProgress, SessionCounters } from '../session/session-types.ts';

export type TransferStatus =
  | 'initiating'
  | 'queued'
  | 'running'
  | 'willretry'
  | 'completed'
  | 'failed'
  | 'cancelled';

/** The Connect `TransferInfo` record (node-api.md §8) the daemon hands to pages, plus Rapid's byte counters. */
export interface TransferInfo {
  uuid: string;
  title: string;
  status: TransferStatus;
  previous_status: TransferStatus | '';
  add_time: string;
  start_time: string;
  modify_time: string;
  end_time: string;
  bytes_expected: number;
  bytes_written: number;
  bytes_transferred: number;
  bytes_lost: number;
  percentage: number;
  calculated_rate_kbps: number;
  elapsed_usec: number;
  remaining_usec: number;
  current_file: string;
  file_counts: { attempted: number; completed: number; failed: number; skipped: number };
  files: {
    file: string;
    bytes_expected: number;
    bytes_written: number;
    fasp_file_id: string;
    status: string;
  }[];
  transfer_spec: Record<string, unknown>;
  transport: 'fasp' | 'http';
  retry_count: number;
  error_code: number;
  error_desc: string;
  transfer_iteration_token: number;
  explorer_path: string;
}

/** Local time without zone, the Connect format ("2012-10-05T17:53:16"). */
export function localTime(ms: number): string {
  if (ms === 0) return '';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export interface InfoInputs {
  uuid: string;
  title: string;
  status: TransferStatus;
  previousStatus: TransferStatus | '';
  addMs: number;
  startMs: number;
  modifyMs: number;
  endMs: number;
  /** Time spent running (excluding queueing and back-off), ms. */
  activeMs: number;
  counters: SessionCounters;
  files: FileProgress[];
  rateKbps: number;
  spec: Record<string, unknown>;
  transport: 'fasp' | 'http';
  retryCount: number;
  errorCode: number;
  errorDesc: string;
  iteration: number;
  explorerPath: string;
}

export function toTransferInfo(input: InfoInputs): TransferInfo {
  const { counters, files } = input;
  // One pass over the files: a session of many small files asks for this every progress interval.
  let sizes = 0;
  let active: FileProgress | undefined;
  const counts = { attempted: 0, completed: 0, failed: 0, skipped: 0 };
  const listed: TransferInfo['files'] = [];
  for (const f of files) {
    sizes += f.size;
    if (f.status === 'queued') continue;
    if (f.status === 'transferring') active ??= f;
    else if (f.status === 'completed') counts.completed++;
    else if (f.status === 'failed') counts.failed++;
    else if (f.status === 'skipped') {
      counts.completed++;
      counts.skipped++;
    }
    counts.attempted++;
    listed.push({
      file: f.path,
      bytes_expected: f.size,
      bytes_written: f.bytesWritten,
      fasp_file_id: `${input.uuid}-${f.index}`,
      status: f.status,
    });
  }
  const expected = Math.max(counters.bytesExpected, sizes);
  const written = input.status === 'completed' ? expected : Math.min(expected, counters.bytesWritten);
  const remainingBytes = Math.max(0, expected - written);
  const bytesPerSecond = (input.rateKbps * 1000) / 8;
  return {
    uuid: input.uuid,
    title: input.title,
    status: input.status,
    previous_status: input.previousStatus,
    add_time: localTime(input.addMs),
    start_time: localTime(input.startMs),
    modify_time: localTime(input.modifyMs),
    end_time: localTime(input.endMs),
    bytes_expected: expected,
    bytes_written: written,
    bytes_transferred: counters.bytesTransferred,
    bytes_lost: counters.bytesLost,
    percentage: expected === 0 ? (input.status === 'completed' ? 1 : 0) : written / expected,
    calculated_rate_kbps: Math.round(input.rateKbps),
    elapsed_usec: Math.round(input.activeMs * 1000),
    remaining_usec: bytesPerSecond > 0 ? Math.round((remainingBytes / bytesPerSecond) * 1e6) : 0,
    current_file: active?.path ?? '',
    file_counts: counts,
    files: listed,
    transfer_spec: input.spec,
    transport: input.transport,
    retry_count: input.retryCount,
    error_code: input.errorCode,
    error_desc: input.errorDesc,
    transfer_iteration_token: input.iteration,
    explorer_path: input.explorerPath,
  };
}
