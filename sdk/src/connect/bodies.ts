import { ValidationError } from './errors.ts';
import { MESSAGES } from './messages.ts';
import { pick } from './settings.ts';

type Body = Record<string, unknown>;

/** Subset bodies of connect-protocol.md §9. */
export const AUTH_KEYS = ['remote_host', 'ssh_port', 'remote_user', 'remote_password', 'token'] as const;
export const MODIFY_KEYS = [
  'rate_policy',
  'target_rate_kbps',
  'min_rate_kbps',
  'target_rate_cap_kbps',
  'lock_rate_policy',
  'lock_target_rate',
  'lock_min_rate',
] as const;
export const RESUME_KEYS = [
  'token',
  'cookie',
  'authentication',
  'remote_user',
  'remote_password',
  'content_protection_passphrase',
] as const;
export const PREFERENCES_PAGES = ['general', 'transfers', 'bandwidth', 'network', 'security'] as const;
const CHECKSUM_METHODS = ['md5', 'sha1', 'sha256', 'sha512'];

/**
 * A filter of a file dialog.
 *
 * @example const images: FileTypeFilter = { filter_name: 'Images', extensions: ['png', 'jpg'] };
 */
export interface FileTypeFilter {
  /** The filter's name, shown in the dialog. */
  filter_name: string;
  /** The extensions it lets through, without dots. */
  extensions: string[];
}

/**
 * Options of the client's file dialogs (`showSelectFileDialog`, `showSelectFolderDialog`, `showSaveFileDialog`).
 *
 * @example connect.showSelectFileDialogPromise({ title: 'Pick videos', allowedFileTypes: [{ filter_name: 'Video', extensions: ['mov', 'mp4'] }] });
 */
export interface DialogOptions {
  /** The dialog's title. @defaultValue `''` (the client's own) */
  title?: string;
  /** The file name proposed by a save dialog. @defaultValue `''` */
  suggestedName?: string;
  /** Whether open dialogs let the user choose several items. @defaultValue `true` */
  allowMultipleSelection?: boolean;
  /** Filters shown by file dialogs, e.g. `[{ filter_name: 'Images', extensions: ['png', 'jpg'] }]`. @defaultValue `''` (all files) */
  allowedFileTypes?: FileTypeFilter[] | '';
}

const multiple = (value: boolean | undefined) => (value === undefined || value === null ? true : value);

export function saveDialogBody(options: DialogOptions = {}): Body {
  return {
    title: options.title || '',
    suggestedName: options.suggestedName || '',
    allowedFileTypes: options.allowedFileTypes || '',
  };
}

export function openFileDialogBody(options: DialogOptions = {}): Body {
  return {
    title: options.title || '',
    suggestedName: options.suggestedName || '',
    allowMultipleSelection: multiple(options.allowMultipleSelection),
    allowedFileTypes: options.allowedFileTypes || '',
  };
}

export function openFolderDialogBody(options: DialogOptions = {}): Body {
  return { title: options.title || '', allowMultipleSelection: multiple(options.allowMultipleSelection) };
}

/**
 * Options of `getChecksum`.
 *
 * @example connect.getChecksum({ path: '/tmp/a.mov', checksumMethod: 'sha256' });
 */
export interface ChecksumOptions {
  /** A local path the page may read (chosen in a dialog or dropped). */
  path: string;
  /** Where to start, in bytes. @defaultValue `0` */
  offset?: number;
  /** How many bytes to hash; `0` means to the end. @defaultValue `0` */
  chunkSize?: number;
  /** `md5`, `sha1`, `sha256` or `sha512`. @defaultValue `'md5'` */
  checksumMethod?: string;
}

export function checksumBody(options: ChecksumOptions | undefined): Body {
  if (typeof options !== 'object' || options === null || !options.path)
    // A plain Error, as the Connect SDK throws this one.
    throw new Error(MESSAGES.invalidChecksumOptions);
  const checksumMethod = options.checksumMethod ?? 'md5';
  if (!CHECKSUM_METHODS.includes(checksumMethod))
    throw new ValidationError(MESSAGES.unsupportedChecksum(checksumMethod));
  return {
    path: options.path,
    offset: options.offset ?? 0,
    chunkSize: options.chunkSize ?? 0,
    checksumMethod,
  };
}

export function subset(options: unknown, keys: readonly string[]): Body {
  return typeof options === 'object' && options !== null ? pick(options as Body, keys) : {};
}
