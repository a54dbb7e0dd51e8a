import type { FileChecksum } from '@rapid/protocol';
import { hashThrough, type SourceAccess } from '../session/source-access.ts';
import { decodeHeader, HEADER_BYTES } from './envelope-format.ts';
import { openFileSecret } from './envelope-keys.ts';
import type { EnvelopeSource } from './envelope-source.ts';

const ALGORITHM: Record<Exclude<FileChecksum, 'none'>, string> = {
  md5: 'md5',
  sha1: 'sha1',
  'sha-256': 'sha256',
  'sha-384': 'sha384',
  'sha-512': 'sha512',
};

/**
 * Sender access to the envelopes of `content_protection: "encrypt"`. `adopt` takes over the salts of an envelope the
 * receiver already holds part of (when the passphrase opens it), so the resumed bytes are the same bytes.
 */
export function protectedSourceAccess(sources: EnvelopeSource[], passphrase: string): SourceAccess {
  const source = (index: number) => {
    const found = sources[index];
    if (!found) throw new RangeError(`no file ${index}`);
    return found;
  };
  return {
    read: (index, offset, length) => source(index).read(offset, length),
    release: (index) => source(index).close(),
    close: () => {
      for (const each of sources) each.close();
    },
    rangeSha256: (index, start, end) =>
      hashThrough((offset, length) => source(index).read(offset, length), 'sha256', start, end),
    checksum: (index, kind) =>
      hashThrough(
        (offset, length) => source(index).read(offset, length),
        ALGORITHM[kind],
        0,
        source(index).size,
      ),
    async adopt(index, head) {
      if (head.length < HEADER_BYTES) return;
      try {
        source(index).adopt(await openFileSecret(passphrase, decodeHeader(head)));
      } catch {
        // Another passphrase or not an envelope: keep our own salts; the resume samples will not match.
      }
    },
  };
}
