import { createCipheriv, randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const PAYLOAD = /^([0-9a-fA-F]{32})\.([0-9a-fA-F]*)$/;

/** AES in OFB mode over raw bytes; OFB is its own inverse. Keys of 16, 24 or 32 bytes pick AES-128/192/256. */
export function aesOfb(key: Buffer, iv: Buffer, data: Buffer): Buffer {
  if (![16, 24, 32].includes(key.length)) throw new Error('AES key must be 16, 24 or 32 bytes');
  if (iv.length !== 16) throw new Error('The IV must be 16 bytes');
  const cipher = createCipheriv(`aes-${key.length * 8}-ofb`, key, iv);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/**
 * The legacy session encryption (connect-bridge.md §5, connect-protocol.md §8.2): key = the UTF-8 bytes of the
 * session key, IV = 16 random letters and digits, wire text `hex(iv).hex(ciphertext)`.
 */
export function encryptSessionText(text: string, sessionKey: string): string {
  const iv = Buffer.from(
    Array.from({ length: 16 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join(''),
  );
  const data = aesOfb(Buffer.from(sessionKey, 'utf8'), iv, Buffer.from(text, 'utf8'));
  return `${iv.toString('hex')}.${data.toString('hex')}`;
}

/** Decrypts `hex(iv).hex(ciphertext)`; anything not of that form is returned unchanged, as the SDK does. */
export function decryptSessionText(payload: string, sessionKey: string): string {
  const match = PAYLOAD.exec(payload.trim());
  if (!match || (match[2] ?? '').length % 2 !== 0) return payload;
  const iv = Buffer.from(match[1] ?? '', 'hex');
  return aesOfb(Buffer.from(sessionKey, 'utf8'), iv, Buffer.from(match[2] ?? '', 'hex')).toString('utf8');
}
