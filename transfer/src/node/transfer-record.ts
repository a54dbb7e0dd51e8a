import type { FileProgress } from '../session/session-types.ts';
import type { NodeSession, NodeTransfer } from './transfer-store.ts';

export type RecordView = 'full' | 'summary' | 'short_summary' | 'id';

const usec = (ms: number) => Math.round(ms * 1000);
const elapsed = (start: number, end: number) => (start === 0 ? 0 : usec((end || Date.now()) - start));

function fileRecord(file: FileProgress, sessionId: string, root: string, placements: Record<string, string>) {
  const path = `${root.replace(/\/$/, '')}/${file.path}`.replace(/^\/*/, '/');
  const landed = placements[path];
  return {
    id: `${sessionId}-${file.index}`,
    path,
    // Rapid: the name was taken, so the file was written beside it (the token's clash_policy).
    ...(landed !== undefined && landed !== path ? { landed_path: landed } : {}),
    type: 'file',
    size: file.size,
    status:
      file.status === 'completed' || file.status === 'skipped'
        ? 'completed'
        : file.status === 'failed'
          ? 'failed'
          : 'transferring',
    start_byte: file.startByte,
    bytes_written: file.bytesWritten,
    start_time_usec: usec(file.startMs),
    end_time_usec: usec(file.endMs),
    elapsed_usec: elapsed(file.startMs, file.endMs),
    error_code: file.errorCode,
    error_desc: file.errorDesc,
    checksum_type: file.checksum ? 'sha-256' : 'none',
    checksum: file.checksum,
    session_id: sessionId,
  };
}

function sessionRecord(session: NodeSession, short: boolean) {
  const base = { id: session.id, status: session.status };
  if (short)
    return {
      ...base,
      bytes_transferred: session.counters.bytesTransferred,
      bytes_written: session.counters.bytesWritten,
    };
  const seconds = Math.max(0.001, ((session.endMs || Date.now()) - session.startMs) / 1000);
  return {
    ...base,
    client_ip_address: session.clientAddress,
    retry_count: 0,
    stalled: false,
    start_time_usec: usec(session.startMs),
    end_time_usec: usec(session.endMs),
    elapsed_usec: elapsed(session.startMs, session.endMs),
    bytes_transferred: session.counters.bytesTransferred,
    bytes_written: session.counters.bytesWritten,
    bytes_lost: session.counters.bytesLost,
    files_completed: session.files.filter((f) => f.status === 'completed').length,
    directories_completed: 0,
    target_rate_kbps: session.rate.target_rate_kbps,
    min_rate_kbps: session.rate.min_rate_kbps,
    calc_rate_kbps: session.counters.rateKbps,
    avg_rate_kbps: (session.counters.bytesTransferred * 8) / 1000 / seconds,
    error_code: session.errorCode,
    error_desc: session.errorDesc,
  };
}

/** The `/ops/transfers` record of node-api.md §3.6, in the requested view. */
export function transferRecord(transfer: NodeTransfer, view: RecordView): unknown {
  if (view === 'id') return transfer.id;
  const last = transfer.sessions.at(-1);
  const sum = (pick: (s: NodeSession) => number) =>
    transfer.sessions.reduce((total, s) => total + pick(s), 0);
  const files = last?.files ?? [];
  const bytesExpected = files.reduce((total, f) => total + f.size, 0);
  const seconds = Math.max(0.001, ((transfer.endMs || Date.now()) - transfer.startMs) / 1000);
  const record: Record<string, unknown> = {
    id: transfer.id,
    status: transfer.status,
    start_spec: transfer.startSpec,
    sessions: transfer.sessions.map((s) => sessionRecord(s, view === 'short_summary')),
    bytes_transferred: sum((s) => s.counters.bytesTransferred),
    bytes_written: last?.counters.bytesWritten ?? 0,
    bytes_lost: sum((s) => s.counters.bytesLost),
    avg_rate_kbps: (sum((s) => s.counters.bytesTransferred) * 8) / 1000 / seconds,
    files_completed: files.filter((f) => f.status === 'completed').length,
    files_skipped: files.filter((f) => f.status === 'skipped').length,
    directories_completed: 0,
    start_time_usec: usec(transfer.startMs),
    end_time_usec: usec(transfer.endMs),
    elapsed_usec: elapsed(transfer.startMs, transfer.endMs),
    error_code: transfer.errorCode,
    error_desc: transfer.errorDesc,
    precalc: {
      status: files.length > 0 ? 'ready' : 'pending',
      bytes_expected: bytesExpected,
      files_expected: files.length,
      directories_expected: 0,
      files_special: 0,
      files_failed: files.filter((f) => f.status === 'failed').length,
    },
  };
  if (view === 'full') {
    const root = String(transfer.startSpec.destination_path ?? '/');
    record.files = transfer.sessions.flatMap((s) =>
      s.files.map((f) =>
        fileRecord(f, s.id, transfer.direction === 'send' ? root : '/', transfer.placements),
      ),
    );
  }
  return record;
}
