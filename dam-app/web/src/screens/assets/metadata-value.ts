/** A metadata value (string, number, list, nested object from exiftool) as one line of text. */
export function metadataText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(metadataText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Metadata entries in a stable order: by group ("XMP:Title" → XMP), then by name, ignoring case. */
export function sortedEntries(metadata: Record<string, unknown>): [string, unknown][] {
  return Object.entries(metadata).sort(([a], [b]) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}
