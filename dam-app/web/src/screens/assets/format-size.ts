const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A byte count as people read it (1024-based, one decimal from KB up), in the person's language. */
export function formatSize(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}

/** A day (an expiry) as the language writes it; expiries are days in UTC, so the day shown is the same everywhere. */
export function formatDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
}
