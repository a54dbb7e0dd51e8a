/** The most letters a type badge or icon shows: wider labels overflowed small tiles and the icon ("UNKNO…"). */
export const TYPE_LABEL_MAX = 4;

/**
 * What a tile without a picture says the file is: its extension as people know it (PDF, BIN, TXT), else the
 * detected type when it is short, else FILE — never a clipped word.
 */
export function typeLabel(fileName: string, fileType: string): string {
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1).toUpperCase() : '';
  if (/^[\p{L}\p{N}]{1,4}$/u.test(extension)) return extension;
  const type = fileType.toUpperCase();
  if (type.length > 0 && type.length <= TYPE_LABEL_MAX && type !== 'UNKNOWN') return type;
  return 'FILE';
}

/**
 * The type a tile, a list row or the asset page names in words: the detected type, or — where detection found none
 * ("unknown") — the badge's label, so a file reads "BIN · 157 MB", never "unknown · 157 MB".
 */
export function shownFileType(fileName: string, fileType: string): string {
  const detected = fileType.trim();
  return detected === '' || detected.toLowerCase() === 'unknown' ? typeLabel(fileName, fileType) : detected;
}
