import type { EngineEvent } from './engine.ts';
import { localTime, setStatus, type TransferRecord } from './transfer-record.ts';

/**
 * Folds one engine event into a record's TransferInfo (node-api.md §8 semantics). A failure only records its code
 * and text here: whether it becomes `failed` or `willretry` is the manager's decision.
 */
export function applyEngineEvent(record: TransferRecord, event: EngineEvent, now: Date): void {
  const info = record.info;
  switch (event.type) {
    case 'started':
      setStatus(record, 'running');
      if (event.transport) info.transport = event.transport;
      break;
    case 'progress': {
      if (info.status !== 'running') setStatus(record, 'running');
      info.bytes_written = event.bytes_written;
      info.bytes_expected = event.bytes_expected;
      info.percentage =
        event.bytes_expected > 0 ? Math.min(1, event.bytes_written / event.bytes_expected) : 0;
      info.calculated_rate_kbps = event.rate_kbps;
      info.current_file = event.current_file;
      info.elapsed_usec =
        (now.getTime() - (info.start_time ? new Date(info.start_time).getTime() : now.getTime())) * 1000;
      const remaining = event.bytes_expected - event.bytes_written;
      // bits ÷ kbit/s = milliseconds; × 1000 = microseconds.
      info.remaining_usec = event.rate_kbps > 0 ? Math.round((remaining * 8 * 1000) / event.rate_kbps) : 0;
      info.file_counts.attempted = Math.max(info.file_counts.attempted, event.files.length);
      if (info.files)
        info.files = event.files.map((file, index) => ({ ...file, fasp_file_id: `${info.uuid}-${index}` }));
      break;
    }
    case 'file-done':
      if (event.outcome === 'failed') info.file_counts.failed += 1;
      else info.file_counts.completed += 1;
      if (event.outcome === 'skipped') info.file_counts.skipped += 1;
      break;
    case 'completed':
      setStatus(record, 'completed');
      info.percentage = 1;
      info.calculated_rate_kbps = 0;
      info.remaining_usec = 0;
      info.end_time = localTime(now);
      break;
    case 'failed':
      info.error_code = event.code;
      info.error_desc = event.description;
      info.calculated_rate_kbps = 0;
      break;
  }
  info.modify_time = localTime(now);
}
