import { z } from 'zod';
import { dbString } from './db-safe.ts';
import { DICTIONARY_TERM_MAX } from './field-validators.ts';
import { FIELD_MESSAGES } from './messages.ts';

/** The largest dictionary an upload or a save may hold. */
export const DICTIONARY_MAX_WORDS = 200_000;
/** An .xlsx upload's largest size in bytes (it travels base64 in a JSON body). */
export const DICTIONARY_UPLOAD_MAX_BYTES = 700_000;

export const dictionarySchema = z
  .object({
    id: z.number(),
    name: z.string(),
    words: z.number(),
    /** The dictionary that ships (R-SHIPPED-DICTIONARY), loaded from a word list at first start. */
    shipped: z.boolean(),
    /** Forms whose fields or rules use it: while any does, it cannot be deleted (R-DICTIONARY-IN-USE). */
    usedBy: z.array(z.string()),
  })
  .meta({ id: 'Dictionary' });
export type Dictionary = z.infer<typeof dictionarySchema>;

const dictionaryName = dbString().trim().min(1).max(128);
const term = dbString().trim().min(1).max(DICTIONARY_TERM_MAX, FIELD_MESSAGES.dictionaryTerms);

/** Terms are unique regardless of case (a dictionary offers one spelling of a word). */
const uniqueTerms = (words: string[]) =>
  new Set(words.map((word) => word.toLowerCase())).size === words.length;

export const saveDictionarySchema = z.strictObject({
  name: dictionaryName,
  words: z
    .array(term)
    .max(DICTIONARY_MAX_WORDS)
    .refine(uniqueTerms, { message: FIELD_MESSAGES.dictionaryTerms }),
});
export type SaveDictionary = z.output<typeof saveDictionarySchema>;

export const uploadDictionarySchema = z.strictObject({
  name: dictionaryName,
  fileName: dbString().min(1).max(255),
  /** The .xlsx file, base64. */
  content: z.base64().max(Math.ceil(DICTIONARY_UPLOAD_MAX_BYTES / 3) * 4, FIELD_MESSAGES.dictionaryUpload),
});

export const wordsQuerySchema = z.object({
  prefix: dbString().max(DICTIONARY_TERM_MAX).default(''),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const wordsSchema = z.object({ words: z.array(z.string()) });
