const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
const formats = new Map<string, Intl.NumberFormat>();

function formatFor(language: string, unit: number, digits: number): Intl.NumberFormat {
  const key = `${language}/${unit}/${digits}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.NumberFormat(language, {
      style: 'unit',
      unit: UNITS[unit],
      // "999 bytes" / "999 octets"; the larger units short: "1.5 kB" / "1,5 ko", "159 MB" / "159 Mo".
      unitDisplay: unit === 0 ? 'long' : 'short',
      maximumFractionDigits: digits,
    });
    formats.set(key, found);
  }
  return found;
}

/**
 * A byte count as people read it, the one way every screen shows sizes: 1 kB = 1000 bytes (as file managers on
 * macOS and GNOME show them), one decimal below 100, units in the person's language (kB/MB in English, ko/Mo in
 * French).
 */
export function formatSize(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return formatFor(language, unit, digits).format(value);
}
