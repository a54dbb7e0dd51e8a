import type { ConnectSettings, TransferInfo, TransferSpec, TransferStatus } from '@rapid/protocol';

/** One transfer as the daemon keeps it: the public record plus what only the daemon may see. */
export interface TransferRecord {
  info: TransferInfo;
  /** The full spec, credentials included, needed to resume; never sent to a page. */
  spec: TransferSpec;
  /** The origin that started it: only that origin may read or control it. */
  origin: string;
  /** Automatic retries used after retryable failures in the current run. */
  retries: number;
}

const SECRETS = ['remote_password', 'token', 'content_protection_passphrase'] as const;

/** The spec as pages see it: secrets left out, and `paths` omitted when `return_paths` is false. */
export function publicSpec(spec: TransferSpec, settings: ConnectSettings): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...spec };
  for (const key of SECRETS) delete copy[key];
  if (settings.return_paths === false) delete copy.paths;
  return copy;
}

/** Local time without zone, as Connect writes it: `2012-10-05T17:53:16`. */
export function localTime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;
}

interface NewRecord {
  uuid: string;
  spec: TransferSpec;
  settings: ConnectSettings;
  origin: string;
  explorerPath: string;
  now: Date;
}

export function newRecord({ uuid, spec, settings, origin, explorerPath, now }: NewRecord): TransferRecord {
  const first = spec.paths[0];
  const title = (first?.destination || first?.source || '').split(/[\\/]/).filter(Boolean).pop() ?? '';
  return {
    spec,
    origin,
    retries: 0,
    info: {
      uuid,
      title: spec.paths.length > 1 ? `${title} and ${spec.paths.length - 1} more` : title,
      status: 'initiating',
      previous_status: '',
      add_time: localTime(now),
      start_time: '',
      modify_time: localTime(now),
      end_time: '',
      bytes_expected: 0,
      bytes_written: 0,
      percentage: 0,
      calculated_rate_kbps: 0,
      elapsed_usec: 0,
      remaining_usec: 0,
      current_file: '',
      file_counts: { attempted: 0, completed: 0, failed: 0, skipped: 0 },
      ...(settings.return_files === false ? {} : { files: [] }),
      transfer_spec: publicSpec(spec, settings),
      aspera_connect_settings: settings,
      transport: 'fasp',
      transfer_iteration_token: 0,
      explorer_path: explorerPath,
      error_code: 0,
      error_desc: '',
    },
  };
}

export function setStatus(record: TransferRecord, status: TransferStatus): void {
  if (record.info.status === status) return;
  record.info.previous_status = record.info.status;
  record.info.status = status;
}

export const ACTIVE: ReadonlySet<TransferStatus> = new Set(['initiating', 'running']);
/** Statuses a restarted daemon picks up again. */
export const UNFINISHED: ReadonlySet<TransferStatus> = new Set([
  'initiating',
  'queued',
  'running',
  'willretry',
]);
