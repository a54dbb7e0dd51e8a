import type { TransferInfo } from '@rapid/sdk';

/** A rate in kilobits per second as people read it. */
export function formatRate(kbps: number | undefined): string {
  if (!kbps || kbps <= 0) return '—';
  if (kbps >= 1_000_000) return `${(kbps / 1_000_000).toFixed(1)} Gb/s`;
  if (kbps >= 1000) return `${(kbps / 1000).toFixed(1)} Mb/s`;
  return `${Math.round(kbps)} kb/s`;
}

/** Time left from microseconds: "1 h 02 min", "3 min 05 s", "12 s"; undefined when unknown. */
export function formatTimeLeft(usec: number | undefined): string | undefined {
  if (usec === undefined || usec < 0 || !Number.isFinite(usec)) return undefined;
  const seconds = Math.round(usec / 1_000_000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(s).padStart(2, '0')} s`;
  return `${s} s`;
}

/** 0–100, from the client's fraction or its byte counts; undefined while the total is unknown. */
export function percentOf(transfer: TransferInfo): number | undefined {
  if (transfer.status === 'completed') return 100;
  if (typeof transfer.percentage === 'number') return Math.min(100, Math.max(0, transfer.percentage * 100));
  if (transfer.bytes_expected && transfer.bytes_written !== undefined)
    return Math.min(100, (transfer.bytes_written / transfer.bytes_expected) * 100);
  return undefined;
}

/** What the row is called: the client's title, else the first path's name. */
/**
 * What the panel calls a transfer, in the person's language: the first file's name, and how many more there are
 * (the client's own title is in English).
 */
export function shownTitleOf(transfer: TransferInfo, more: (name: string, count: number) => string): string {
  const paths = transfer.transfer_spec?.paths ?? [];
  const first = paths[0];
  if (paths.length < 2 || !first) return titleOf(transfer);
  const path = first.destination || first.source || '';
  const name = path.split(/[\\/]/).filter(Boolean).pop() ?? path;
  return name ? more(name, paths.length - 1) : titleOf(transfer);
}

export function titleOf(transfer: TransferInfo): string {
  if (transfer.title) return transfer.title;
  const first = transfer.transfer_spec?.paths?.[0];
  const path = first?.destination || first?.source || transfer.uuid;
  return path.split(/[\\/]/).filter(Boolean).pop() ?? path;
}
