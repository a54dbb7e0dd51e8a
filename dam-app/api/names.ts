import { ASSET_MESSAGES } from './asset-messages.ts';

/** Folder names longer than this are refused (R-FOLDER-NAME: "Folder name maximum 32 characters in one naming rule"). */
export const MAX_FOLDER_NAME = 32;
/** A file name's limit: what common filesystems hold in one path segment (spec silent; 255 bytes in UTF-8). */
export const MAX_FILE_NAME_BYTES = 255;

// Control characters, and the invisible or direction-changing ones that make a name look like another
// (bidi overrides and isolates, zero-width characters, the BOM): refused as forbidden characters.
const INVISIBLE = /[\p{Cc}\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/u;

/** R-FOLDER-NAME: a folder name (already trimmed), or undefined when it is acceptable. Names are compared in Unicode NFC. */
export function folderNameProblem(raw: string): string | undefined {
  const name = raw.normalize('NFC');
  if (name.trim() === '') return ASSET_MESSAGES.nameRequired;
  if (/[\\/:*"?><]/.test(name) || INVISIBLE.test(name) || name.startsWith('.') || name.endsWith('.'))
    return ASSET_MESSAGES.folderNameRule;
  if ([...name].length > MAX_FOLDER_NAME) return ASSET_MESSAGES.maxChars32;
  return undefined;
}

/** R-FILE-NAME: a file name, or undefined when it is acceptable. */
export function fileNameProblem(raw: string): string | undefined {
  const name = raw.normalize('NFC');
  if (name.trim() === '') return ASSET_MESSAGES.nameRequired;
  if (/[\\/:]/.test(name) || INVISIBLE.test(name) || name.startsWith('.')) return ASSET_MESSAGES.fileNameRule;
  if (new TextEncoder().encode(name).length > MAX_FILE_NAME_BYTES) return ASSET_MESSAGES.fileNameTooLong;
  return undefined;
}
