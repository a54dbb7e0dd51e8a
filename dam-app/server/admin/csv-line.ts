/** A cell a spreadsheet would run as a formula starts with one of these (reference/dam.md §3, CSV exports). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: a formula-like text gets a leading apostrophe; quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line (RFC 4180: CRLF ends it). */
export const csvLine = (cells: readonly (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;
