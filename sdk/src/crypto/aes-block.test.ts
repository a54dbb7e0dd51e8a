import { describe, expect, it } from 'vitest';
import { encryptBlock, expandKey } from './aes-block.ts';

const hex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
const toHex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

// FIPS 197 appendix C: one plaintext under a 128-, 192- and 256-bit key.
const PLAINTEXT = '00112233445566778899aabbccddeeff';
const VECTORS = [
  ['C.1 AES-128', '000102030405060708090a0b0c0d0e0f', '69c4e0d86a7b0430d8cdb78070b4c55a'],
  ['C.2 AES-192', '000102030405060708090a0b0c0d0e0f1011121314151617', 'dda97ca4864cdfe06eaf70a0ec0d7191'],
  [
    'C.3 AES-256',
    '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
    '8ea2b7ca516745bfeafc49904b496089',
  ],
] as const;

describe('AES block encryption', () => {
  it.each(VECTORS)('%s matches FIPS 197', (_name, key, ciphertext) => {
    const block = hex(PLAINTEXT);
    encryptBlock(expandKey(hex(key)), block);
    expect(toHex(block)).toBe(ciphertext);
  });

  it('expands the FIPS 197 A.1 key to its last round word', () => {
    const words = expandKey(hex('2b7e151628aed2a6abf7158809cf4f3c'));
    expect(words).toHaveLength(44);
    expect(words[43]?.toString(16)).toBe('b6630ca6');
  });

  it('refuses other key lengths', () => {
    expect(() => expandKey(new Uint8Array(20))).toThrow(/16, 24 or 32 bytes/);
  });
});
