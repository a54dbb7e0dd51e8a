import { describe, expect, it } from 'vitest';
import { formatDelimited, parseDelimited } from './delimited-text.ts';

const CSV = { delimiter: ',', escape: '"' };
const CUSTOM = { delimiter: ';', escape: '\\' };

describe('delimited text (R-METADATA-FORMATS, R-METADATA-ROUND-TRIP)', () => {
  it('reads RFC 4180 CSV: quoted delimiters, doubled quotes, line breaks in a field, CR LF, LF or CR, blank lines', () => {
    expect(parseDelimited('a,"b,c","say ""hi"""\r\n\r\n"two\nlines",,x\rlast,1,2\n', CSV)).toEqual([
      ['a', 'b,c', 'say "hi"'],
      ['two\nlines', '', 'x'],
      ['last', '1', '2'],
    ]);
  });

  it('reads a custom delimiter with its escape character before a quote or itself', () => {
    expect(parseDelimited('a;"b;c";"q\\"x\\\\y"\n"\\n";z;\n', CUSTOM)).toEqual([
      ['a', 'b;c', 'q"x\\y'],
      ['\\n', 'z', ''],
    ]);
  });

  it('writes what it reads back unchanged, in every dialect', () => {
    const records = [
      ['id', 'value'],
      ['1', 'plain'],
      ['2', 'a,b;c\td'],
      ['3', 'quote " and \\ backslash'],
      ['4', 'line\r\nbreak\rand\nmore'],
      ['5', ''],
    ];
    for (const dialect of [CSV, CUSTOM, { delimiter: '\t', escape: '"' }, { delimiter: '|', escape: '^' }])
      expect(parseDelimited(formatDelimited(records, dialect), dialect), JSON.stringify(dialect)).toEqual(
        records,
      );
  });
});
