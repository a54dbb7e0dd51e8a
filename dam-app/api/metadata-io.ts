import { z } from 'zod';
import { dbId, dbString } from './db-safe.ts';
import { METADATA_IO_MESSAGES } from './messages.ts';
import { searchRequestSchema } from './search.ts';

/** R-METADATA-FORMATS: the spec's formats and encodings of metadata import and export. */
export const METADATA_FORMATS = ['csv', 'tab', 'xml', 'custom'] as const;
export const METADATA_ENCODINGS = ['utf-8', 'utf-16', 'iso-8859-1', 'macroman'] as const;
export const MATCH_KEYS = ['id', 'path'] as const;
/** R-METADATA-IMPORT: the file names an import upload accepts (CSV, XML or TXT). */
export const IMPORT_FILE_EXTENSIONS = ['.csv', '.xml', '.txt'] as const;
/** R-METADATA-IMPORT: the largest import file, and how many rows it may hold. */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 200_000;
/** R-METADATA-EXPORT: "Export has a maximum size" — at most this many assets, and this many bytes once encoded. */
export const EXPORT_MAX_ASSETS = 100_000;
export const EXPORT_MAX_BYTES = 64 * 1024 * 1024;
/** How many changes a preview lists, and how many row errors an import keeps (it counts them all). */
export const IMPORT_PREVIEW_ROWS = 200;
export const IMPORT_ERRORS_KEPT = 1000;
/** R-METADATA-IMPORT: the import states: starting, finished, success, failure. */
export const IMPORT_STATES = ['starting', 'finished', 'success', 'failure'] as const;

const oneCharacter = z.string().length(1);

const layoutShape = {
  format: z.enum(METADATA_FORMATS),
  encoding: z.enum(METADATA_ENCODINGS).default('utf-8'),
  delimiter: oneCharacter.optional(),
  escape: oneCharacter.optional(),
};

/** The custom format needs its delimiter and escape character, one character each, different, and no line break. */
function checkLayout(
  layout: { format: string; delimiter?: string | undefined; escape?: string | undefined },
  issue: z.RefinementCtx,
) {
  if (layout.format !== 'custom') return;
  const problem = (path: 'delimiter' | 'escape') =>
    issue.addIssue({ code: 'custom', path: [path], message: METADATA_IO_MESSAGES.customDelimiter });
  if (!layout.delimiter || /["\r\n]/.test(layout.delimiter)) problem('delimiter');
  if (!layout.escape || /[\r\n]/.test(layout.escape) || layout.escape === layout.delimiter) problem('escape');
}

/** A file's layout: the format and, for the custom one, its delimiter and escape character. */
export const layoutSchema = z.object(layoutShape).superRefine(checkLayout);
export type Layout = z.output<typeof layoutSchema>;

/** The query of an import upload (its bytes are the request body). */
export const importQuerySchema = z
  .object({
    ...layoutShape,
    match: z.enum(MATCH_KEYS).default('id'),
    fileName: dbString()
      .trim()
      .min(1)
      .max(255)
      .refine(
        (name) => IMPORT_FILE_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension)),
        METADATA_IO_MESSAGES.importFileType,
      ),
  })
  .superRefine(checkLayout);
export type ImportQuery = z.output<typeof importQuerySchema>;

export const importRowErrorSchema = z.object({
  /** The record's number in the file, the header row being 1 (XML: the `asset` element's number). */
  row: z.number().int(),
  /** The field whose value was refused; absent when the row as a whole was. */
  field: z.string().optional(),
  message: z.string(),
});
export type ImportRowError = z.output<typeof importRowErrorSchema>;

export const importChangeSchema = z.object({
  row: z.number().int(),
  assetId: z.number().int(),
  key: z.string(),
  from: z.string(),
  to: z.string(),
});

export const importPreviewSchema = z.object({
  rows: z.number().int(),
  /** Rows that would change an asset. */
  changing: z.number().int(),
  unchanged: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(importRowErrorSchema),
  changes: z.array(importChangeSchema),
});
export type ImportPreview = z.output<typeof importPreviewSchema>;

export const metadataImportSchema = z
  .object({
    id: z.number().int(),
    fileName: z.string(),
    format: z.enum(METADATA_FORMATS),
    encoding: z.enum(METADATA_ENCODINGS),
    match: z.enum(MATCH_KEYS),
    state: z.enum(IMPORT_STATES),
    rows: z.number().int(),
    applied: z.number().int(),
    unchanged: z.number().int(),
    errorCount: z.number().int(),
    errors: z.array(importRowErrorSchema),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'MetadataImport' });
export type MetadataImport = z.output<typeof metadataImportSchema>;

export const exportSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('selection'),
    assetIds: z.array(dbId()).min(1).max(EXPORT_MAX_ASSETS, METADATA_IO_MESSAGES.exportTooLarge),
  }),
  z.strictObject({ kind: z.literal('folder'), folderId: dbId(), recursive: z.boolean().default(true) }),
  z.strictObject({ kind: z.literal('search'), search: searchRequestSchema }),
]);

export const exportRequestSchema = z.strictObject({
  source: exportSourceSchema,
  layout: layoutSchema,
});
export type ExportRequest = z.output<typeof exportRequestSchema>;

/** The file name extension an export in this format gets. */
export const exportExtension = (format: Layout['format']) =>
  format === 'xml' ? '.xml' : format === 'csv' ? '.csv' : '.txt';
