const formats = new Map<string, Intl.NumberFormat[]>();

function formatsFor(language: string): Intl.NumberFormat[] {
  let found = formats.get(language);
  if (!found) {
    found = [0, 1].map((digits) => new Intl.NumberFormat(language, { maximumFractionDigits: digits }));
    formats.set(language, found);
  }
  return found;
}

/** A byte count as people read it (1 KB = 1000 bytes, as file managers on macOS and GNOME show sizes). */
export function formatSize(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${formatsFor(language)[digits]?.format(value)} ${units[unit]}`;
}
