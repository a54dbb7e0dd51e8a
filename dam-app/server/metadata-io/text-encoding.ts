import iconv from 'iconv-lite';
import { METADATA_IO_MESSAGES } from '../../api/messages.ts';
import type { Layout } from '../../api/metadata-io.ts';
import { invalid } from '../api/api-error.ts';

type Encoding = Layout['encoding'];

/** iconv-lite's names of the spec's encodings (R-METADATA-FORMATS); MacRoman is its `macintosh`. */
const ICONV_NAMES: Record<Encoding, string> = {
  'utf-8': 'utf8',
  'utf-16': 'utf16',
  'iso-8859-1': 'latin1',
  macroman: 'macintosh',
};

const unreadable = () => invalid({ file: METADATA_IO_MESSAGES.unreadable }, 'unreadable_file');

/**
 * A file's text. UTF-8 must be valid (a Latin-1 file read as UTF-8 is refused, not garbled); UTF-16 follows its
 * byte-order mark (little-endian without one); a leading mark is dropped in both.
 */
export function decodeText(bytes: Uint8Array, encoding: Encoding): string {
  if (encoding === 'utf-8') {
    try {
      return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      throw unreadable();
    }
  }
  if (encoding === 'utf-16' && bytes.length % 2 !== 0) throw unreadable();
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), ICONV_NAMES[encoding]);
}

/**
 * The text in the encoding (UTF-16 little-endian with its byte-order mark). A character the 8-bit encodings cannot
 * hold is refused rather than written as "?": an export must read back as it was.
 */
export function encodeText(text: string, encoding: Encoding): Buffer {
  if (encoding === 'utf-8') return Buffer.from(text, 'utf8');
  const bytes = iconv.encode(text, ICONV_NAMES[encoding]);
  if (encoding !== 'utf-16' && iconv.decode(bytes, ICONV_NAMES[encoding]) !== text)
    throw invalid({ encoding: METADATA_IO_MESSAGES.notEncodable(encoding) }, 'not_encodable');
  return bytes;
}
