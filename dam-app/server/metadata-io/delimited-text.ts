/**
 * Delimited text (CSV, tab, a custom delimiter): fields split by the delimiter, records by CR LF, LF or CR. A field
 * holding the delimiter, a quote, the escape character or a line break is written between double quotes, a quote or
 * escape character inside it preceded by the escape character — with the escape character `"`, that is RFC 4180's
 * doubled quote. Read back, the same rules give the same fields (R-METADATA-ROUND-TRIP).
 */
export interface Dialect {
  delimiter: string;
  escape: string;
}

const QUOTE = '"';

/** The records of a text; blank lines are skipped. */
export function parseDelimited(text: string, { delimiter, escape: escapeChar }: Dialect): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let index = 0;
  const length = text.length;
  const endRecord = () => {
    record.push(field);
    field = '';
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
  };
  while (index < length) {
    let char = text[index] as string;
    if (char === QUOTE && field === '') {
      // A quoted field: up to the quote that is not escaped.
      index += 1;
      for (;;) {
        if (index >= length) break;
        char = text[index] as string;
        if (char === escapeChar && escapeChar !== QUOTE && index + 1 < length) {
          const next = text[index + 1] as string;
          field += next === QUOTE || next === escapeChar ? next : char + next;
          index += 2;
        } else if (char === QUOTE) {
          if (escapeChar === QUOTE && text[index + 1] === QUOTE) {
            field += QUOTE;
            index += 2;
          } else {
            index += 1;
            break;
          }
        } else {
          const stop = text.indexOf(QUOTE, index);
          const escaped = escapeChar === QUOTE ? -1 : text.indexOf(escapeChar, index);
          const end = Math.min(stop === -1 ? length : stop, escaped === -1 ? length : escaped);
          field += text.slice(index, end);
          index = end;
        }
      }
      continue;
    }
    if (char === delimiter) {
      record.push(field);
      field = '';
      index += 1;
    } else if (char === '\r' || char === '\n') {
      endRecord();
      index += char === '\r' && text[index + 1] === '\n' ? 2 : 1;
    } else {
      // A plain run of characters, up to the next delimiter or line break.
      let end = index + 1;
      while (end < length) {
        const next = text[end];
        if (next === delimiter || next === '\r' || next === '\n') break;
        end += 1;
      }
      field += text.slice(index, end);
      index = end;
    }
  }
  if (field !== '' || record.length) endRecord();
  return records;
}

/** One field as written: quoted when it must be. */
export function formatField(value: string, { delimiter, escape: escapeChar }: Dialect): string {
  const needsQuotes =
    value.includes(delimiter) ||
    value.includes(QUOTE) ||
    value.includes(escapeChar) ||
    value.includes('\n') ||
    value.includes('\r');
  if (!needsQuotes) return value;
  let body = '';
  for (const char of value) body += char === QUOTE || char === escapeChar ? escapeChar + char : char;
  return QUOTE + body + QUOTE;
}

/** The records as text, each ended by CR LF. */
export const formatDelimited = (records: string[][], dialect: Dialect) =>
  records
    .map((record) => `${record.map((value) => formatField(value, dialect)).join(dialect.delimiter)}\r\n`)
    .join('');
