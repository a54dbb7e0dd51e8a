import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv-line.ts';

describe('R-LOG-REPORTS: CSV cells', () => {
  it('quotes commas, quotes and line breaks, and leaves plain text and numbers alone', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(-12)).toBe('-12');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"\nthen')).toBe('"say ""hi""\nthen"');
  });

  it('neutralises every text a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvLine(['=cmd', 2])).toBe("'=cmd,2\r\n");
  });
});
