import { unsafe } from '@noble/ciphers/aes.js';

const hexBytes = (hex: string) =>
  Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
const bytesHex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * AES in OFB mode, as the legacy local protocol uses it (connect-bridge.md §5, connect-protocol.md §8.2): key of 16,
 * 24 or 32 bytes (AES-128/192/256, 10/12/14 rounds), IV of 16, no padding (OFB is a stream). All values are hex
 * strings. Encryption and decryption are the same keystream XOR.
 */
export function aesOfbHex(keyHex: string, ivHex: string, dataHex: string): string {
  const keyBytes = keyHex.length / 2;
  if (![16, 24, 32].includes(keyBytes))
    throw new RangeError(`AES key must be 16, 24 or 32 bytes, not ${keyBytes}`);
  if (ivHex.length !== 32) throw new RangeError(`AES IV must be 16 bytes, not ${ivHex.length / 2}`);
  // The block cipher is @noble/ciphers' (audited); it has no OFB mode, so the feedback loop is ours: each keystream
  // block is the encryption of the one before, starting from the IV (SP 800-38A §6.4).
  const roundKeys = unsafe.expandKeyLE(hexBytes(keyHex));
  const stream = hexBytes(ivHex);
  const data = hexBytes(dataHex);
  for (let i = 0; i < data.length; i++) {
    if (i % 16 === 0) unsafe.encryptBlock(roundKeys, stream);
    data[i] = (data[i] as number) ^ (stream[i % 16] as number);
  }
  roundKeys.fill(0);
  return bytesHex(data);
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random letters and digits: the alphabet of session keys and IVs (connect-bridge.md §9). */
export function randomAlphanumeric(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  // 248 = 4 × 62: reject the top bytes so every character is equally likely.
  let text = '';
  for (const byte of bytes) if (byte < 248) text += ALPHANUMERIC[byte % 62];
  return text.length === length ? text : text + randomAlphanumeric(length - text.length);
}

const utf8Hex = (text: string) => bytesHex(new TextEncoder().encode(text));
const PAYLOAD = /^([0-9a-f]+)\.([0-9a-f]+)$/i;

/** `hex(iv) + '.' + hex(ciphertext)` of UTF-8 `plaintext`, under the UTF-8 bytes of `key` and a random 16-char IV. */
export function encryptPayload(plaintext: string, key: string, iv: string = randomAlphanumeric(16)): string {
  const ivHex = utf8Hex(iv);
  return `${ivHex}.${aesOfbHex(utf8Hex(key), ivHex, utf8Hex(plaintext))}`;
}

/** The inverse of {@link encryptPayload}; anything not of the form `hex.hex` is returned unchanged. */
export function decryptPayload(payload: string, key: string): string {
  const match = PAYLOAD.exec(payload.trim());
  if (!match?.[1] || !match[2] || match[1].length !== 32 || match[2].length % 2 !== 0) return payload;
  // A wrong key gives bytes that are not UTF-8: that throws, as it did with crypto-js.
  return new TextDecoder('utf-8', { fatal: true }).decode(
    hexBytes(aesOfbHex(utf8Hex(key), match[1], match[2])),
  );
}
