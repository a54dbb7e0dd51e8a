import { z } from 'zod';
import { ASSET_MESSAGES } from './asset-messages.ts';
import { dbId, isStorableText } from './db-safe.ts';
import { folderNameProblem } from './names.ts';

export const folderNameSchema = z
  .string()
  .max(1024, ASSET_MESSAGES.maxChars32)
  .transform((value) => value.trim().normalize('NFC'))
  .superRefine((value, context) => {
    // A lone surrogate is no character at all: the name rule's refusal, like NUL and the other invisible ones.
    const problem =
      folderNameProblem(value) ?? (isStorableText(value) ? undefined : ASSET_MESSAGES.folderNameRule);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const folderSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    /** Relative to the storage root (the transfer node's docroot); starts with the ACL's relative path. */
    path: z.string(),
    /** null for the current ACL's root folder. */
    parentId: z.number().nullable(),
  })
  .meta({ id: 'Folder' });
export type FolderView = z.infer<typeof folderSchema>;

/** The places tree: every folder under the current ACL's root, parents before children, siblings by name. */
export const placesTreeSchema = z.object({ root: folderSchema, folders: z.array(folderSchema) });

export const createFolderSchema = z.strictObject({
  parentId: dbId(),
  name: folderNameSchema,
});
export const renameFolderSchema = z.strictObject({ name: folderNameSchema });
export const folderDestinationSchema = z.strictObject({ destinationId: dbId() });
export const pathListSchema = z.object({ paths: z.array(z.string()) });
export const folderPathSchema = z.object({ id: z.number(), path: z.string() });
