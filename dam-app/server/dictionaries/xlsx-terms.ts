import ExcelJS from 'exceljs';

/**
 * The terms of an Excel workbook: the first sheet's first column, one term a row, blank cells skipped. Undefined when
 * the bytes are not an .xlsx workbook (a zip holding one) — the spec's "must be an Excel format".
 */
export async function xlsxTerms(bytes: Uint8Array): Promise<string[] | undefined> {
  // An .xlsx is a zip: anything else (a CSV, an old .xls) is refused before the parser sees it.
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) return undefined;
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return undefined;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return undefined;
  const terms: string[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const text = row.getCell(1).text.trim();
    if (text) terms.push(text);
  });
  return terms;
}
