/** The most letters a tile's type badge shows: wider labels overflowed small tiles ("UNKNO…"). */
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
