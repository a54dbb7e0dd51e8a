/** Transfer rates as people read them: kbit/s from the client, shown in the largest unit that keeps a digit. */
export function formatRate(kbps: number): string {
  if (!Number.isFinite(kbps) || kbps <= 0) return '—';
  if (kbps >= 1_000_000) return `${(kbps / 1_000_000).toFixed(2)} Gbit/s`;
  if (kbps >= 1000) return `${(kbps / 1000).toFixed(1)} Mbit/s`;
  return `${Math.round(kbps)} kbit/s`;
}

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${BYTE_UNITS[unit]}`;
}

/** Time left from the client's `remaining_usec`; nothing when unknown, so the row never shows a made-up ETA. */
export function formatTimeLeft(remainingUsec: number | undefined): string {
  if (remainingUsec === undefined || !Number.isFinite(remainingUsec) || remainingUsec <= 0) return '';
  const seconds = Math.ceil(remainingUsec / 1_000_000);
  if (seconds < 60) return `${seconds} s left`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s left`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}
