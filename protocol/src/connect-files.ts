import * as z from 'zod/v4/mini';
import './zod-config.ts';

const path = z.string().check(z.minLength(1));
const offset = z.int().check(z.nonnegative());

/** `POST /connect/file/read-as-array-buffer/`. */
export const readFileRequest = z.looseObject({ path });

/** `POST /connect/file/read-chunk-as-array-buffer/`. */
export const readChunkRequest = z.looseObject({ path, offset, chunkSize: z.int().check(z.positive()) });

export const CHECKSUM_METHODS = ['md5', 'sha1', 'sha256', 'sha512'] as const;

/** `POST /connect/file/checksum/`; offset 0 and chunkSize 0 (the whole file) and md5 are the SDK's defaults. */
export const checksumRequest = z.looseObject({
  path,
  offset: z.optional(offset),
  chunkSize: z.optional(z.int().check(z.nonnegative())),
  checksumMethod: z.optional(z.enum(CHECKSUM_METHODS)),
});

/** `{type, data}`: the file's MIME type and its bytes in base64. */
export const fileBuffer = z.object({ type: z.string(), data: z.string() });

export const fileFilter = z.object({ filter_name: z.string(), extensions: z.array(z.string()) });
export type FileFilter = z.infer<typeof fileFilter>;
// The SDK sends `''` for "not given".
const fileFilters = z.optional(z.union([z.array(fileFilter), z.literal('')]));
const text = z.optional(z.string());

export const saveFileDialogRequest = z.looseObject({
  title: text,
  suggestedName: text,
  allowedFileTypes: fileFilters,
});
export const openFileDialogRequest = z.looseObject({
  title: text,
  suggestedName: text,
  allowMultipleSelection: z.optional(z.boolean()),
  allowedFileTypes: fileFilters,
});
export const openFolderDialogRequest = z.looseObject({
  title: text,
  allowMultipleSelection: z.optional(z.boolean()),
});

export const droppedFile = z.looseObject({
  lastModifiedDate: z.optional(z.union([z.string(), z.number()])),
  name: z.string(),
  size: z.number().check(z.nonnegative()),
  type: z.optional(z.string()),
});

/** dataTransfer (dialog and drop answers): `name` is the full local path. */
export const dataTransfer = z.object({
  dataTransfer: z.object({
    files: z.array(
      z.object({ lastModifiedDate: z.string(), name: z.string(), size: z.number(), type: z.string() }),
    ),
  }),
});
export type DataTransfer = z.infer<typeof dataTransfer>;

/** `POST /connect/file/dropped-files`: what the page saw; the client answers with full paths. */
export const droppedFilesRequest = z.looseObject({
  dataTransfer: z.looseObject({ files: z.array(droppedFile) }),
});
