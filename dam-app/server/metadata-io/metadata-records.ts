import { METADATA_IO_MESSAGES } from '../../api/messages.ts';
import type { Layout } from '../../api/metadata-io.ts';
import { IMPORT_MAX_ROWS } from '../../api/metadata-io.ts';
import { invalid } from '../api/api-error.ts';
import { type Dialect, formatDelimited, parseDelimited } from './delimited-text.ts';
import { formatMetadataXml, parseMetadataXml } from './metadata-xml.ts';
import { decodeText, encodeText } from './text-encoding.ts';

/** One record of an import: the asset it names (by id or path) and the field values it sets, or why it is refused. */
export interface ImportRecord {
  row: number;
  /** The id or path, as the file spells it. */
  match: string;
  values: [string, string][];
  problem?: string;
}

/** An asset as exported: its id, path and form field values. */
export interface ExportAsset {
  id: number;
  path: string;
  fields: Record<string, string>;
}

const RESERVED = new Set(['id', 'path']);

const dialectOf = (layout: Layout): Dialect => {
  if (layout.format === 'tab') return { delimiter: '\t', escape: '"' };
  if (layout.format === 'custom') return { delimiter: layout.delimiter ?? ',', escape: layout.escape ?? '"' };
  return { delimiter: ',', escape: '"' };
};

/**
 * A cell a spreadsheet would run as a formula is written with a leading apostrophe (as the audit export does), and
 * an apostrophe before such a cell is one more: reading takes one off, so every value reads back as it was written.
 */
const FORMULA_LIKE = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;
const neutralise = (value: string) => (FORMULA_LIKE.test(value) ? `'${value}` : value);
const restore = (value: string) => (NEUTRALISED.test(value) ? value.slice(1) : value);

/** The XML declaration's name of each encoding. */
const XML_ENCODING_LABELS: Record<Layout['encoding'], string> = {
  'utf-8': 'UTF-8',
  'utf-16': 'UTF-16',
  'iso-8859-1': 'ISO-8859-1',
  macroman: 'macintosh',
};

const unreadable = () => invalid({ file: METADATA_IO_MESSAGES.unreadable }, 'unreadable_file');
const tooMany = () => invalid({ file: METADATA_IO_MESSAGES.importTooLarge }, 'import_too_large');

/** The records of an import file (R-METADATA-IMPORT); a file that cannot be read at all throws with the reason. */
export function readImportRecords(bytes: Uint8Array, layout: Layout, match: 'id' | 'path'): ImportRecord[] {
  const text = decodeText(bytes, layout.encoding);
  if (layout.format === 'xml') {
    let assets: ReturnType<typeof parseMetadataXml>;
    try {
      assets = parseMetadataXml(text);
    } catch {
      throw unreadable();
    }
    if (assets.length > IMPORT_MAX_ROWS) throw tooMany();
    return assets.map((asset, index) => ({
      row: index + 1,
      match: asset[match] ?? '',
      values: asset.fields.filter(([key]) => key !== ''),
      ...(asset[match] === undefined ? { problem: METADATA_IO_MESSAGES.noAsset } : {}),
    }));
  }
  const [header, ...rows] = parseDelimited(text, dialectOf(layout));
  if (!header) throw unreadable();
  if (rows.length > IMPORT_MAX_ROWS) throw tooMany();
  const columns = header.map(restore);
  const matchColumn = columns.indexOf(match);
  if (matchColumn === -1) throw invalid({ file: METADATA_IO_MESSAGES.noKeyColumn(match) }, 'no_match_column');
  const fieldColumns = columns
    .map((key, index) => ({ key, index }))
    .filter((column) => !RESERVED.has(column.key) && column.key !== '');
  return rows.map((cells, index) => {
    const row = index + 2;
    if (cells.length !== columns.length)
      return {
        row,
        match: '',
        values: [],
        problem: METADATA_IO_MESSAGES.rowLength(cells.length, columns.length),
      };
    return {
      row,
      match: restore(cells[matchColumn] ?? ''),
      values: fieldColumns.map(({ key, index: at }): [string, string] => [key, restore(cells[at] ?? '')]),
    };
  });
}

/**
 * The export file of the assets (R-METADATA-EXPORT): delimited text has an `id` and a `path` column and then one per
 * field any of the assets has, in key order (empty where an asset has none); XML lists each asset's own fields.
 */
export function writeExport(assets: ExportAsset[], layout: Layout): Buffer {
  if (layout.format === 'xml') {
    const xml = formatMetadataXml(
      assets.map((asset) => ({
        id: String(asset.id),
        path: asset.path,
        fields: Object.keys(asset.fields)
          .sort()
          .map((key): [string, string] => [key, asset.fields[key] ?? '']),
      })),
      XML_ENCODING_LABELS[layout.encoding],
    );
    return encodeText(xml, layout.encoding);
  }
  const keys = [...new Set(assets.flatMap((asset) => Object.keys(asset.fields)))].sort();
  const records = [
    ['id', 'path', ...keys],
    ...assets.map((asset) => [String(asset.id), asset.path, ...keys.map((key) => asset.fields[key] ?? '')]),
  ].map((record) => record.map(neutralise));
  // UTF-16 starts with its byte-order mark (encodeText adds it); the others have none.
  return encodeText(formatDelimited(records, dialectOf(layout)), layout.encoding);
}
