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

export interface DialogOptions {
  title?: string;
  suggestedName?: string;
  allowMultipleSelection?: boolean;
  allowedFileTypes?: { filter_name: string; extensions: string[] }[] | '';
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

export interface ChecksumOptions {
  path: string;
  offset?: number;
  chunkSize?: number;
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
