import { describe, expect, it } from 'vitest';
import { aesOfbHex, decryptPayload, encryptPayload, randomAlphanumeric } from './aes-ofb.ts';

// NIST SP 800-38A, appendix F.4 (OFB): the same four plaintext blocks and IV under 128/192/256-bit keys.
const IV = '000102030405060708090a0b0c0d0e0f';
const PLAINTEXT =
  '6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710';
const VECTORS = [
  [
    'F.4.1 OFB-AES128',
    '2b7e151628aed2a6abf7158809cf4f3c',
    '3b3fd92eb72dad20333449f8e83cfb4a7789508d16918f03f53c52dac54ed8259740051e9c5fecf64344f7a82260edcc304c6528f659c77866a510d9c1d6ae5e',
  ],
  [
    'F.4.3 OFB-AES192',
    '8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b',
    'cdc80d6fddf18cab34c25909c99a4174fcc28b8d4c63837c09e81700c11004018d9a9aeac0f6596f559c6d4daf59a5f26d9f200857ca6c3e9cac524bd9acc92a',
  ],
  [
    'F.4.5 OFB-AES256',
    '603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4',
    'dc7e84bfda79164b7ecd8486985d38604febdc6740d20b3ac88f6ad82a4fb08d71ab47a086e86eedf39d1c5bba97c4080126141d67f37be8538f5a8be740e484',
  ],
] as const;

// FIPS 197 appendix C: one plaintext under a 128-, 192- and 256-bit key. OFB's first keystream block is the
// block cipher applied to the IV, so a zero block encrypted with the plaintext as IV shows the cipher itself.
const FIPS_PLAINTEXT = '00112233445566778899aabbccddeeff';
const FIPS_VECTORS = [
  ['C.1 AES-128', '000102030405060708090a0b0c0d0e0f', '69c4e0d86a7b0430d8cdb78070b4c55a'],
  ['C.2 AES-192', '000102030405060708090a0b0c0d0e0f1011121314151617', 'dda97ca4864cdfe06eaf70a0ec0d7191'],
  [
    'C.3 AES-256',
    '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
    '8ea2b7ca516745bfeafc49904b496089',
  ],
] as const;

describe('AES block cipher under OFB', () => {
  it.each(FIPS_VECTORS)('%s matches FIPS 197', (_name, key, ciphertext) => {
    expect(aesOfbHex(key, FIPS_PLAINTEXT, '00'.repeat(16))).toBe(ciphertext);
  });
});

describe('AES-OFB', () => {
  it.each(VECTORS)('%s encrypts and decrypts the NIST vectors', (_name, key, ciphertext) => {
    expect(aesOfbHex(key, IV, PLAINTEXT)).toBe(ciphertext);
    expect(aesOfbHex(key, IV, ciphertext)).toBe(PLAINTEXT);
  });

  it('handles a partial last block (OFB needs no padding)', () => {
    const [, key, ciphertext] = VECTORS[0];
    expect(aesOfbHex(key, IV, PLAINTEXT.slice(0, 40))).toBe(ciphertext.slice(0, 40));
  });

  it('refuses keys that are not 16, 24 or 32 bytes and IVs that are not 16', () => {
    expect(() => aesOfbHex('00'.repeat(20), IV, '00')).toThrow(/16, 24 or 32 bytes/);
    expect(() => aesOfbHex('00'.repeat(16), '00'.repeat(8), '00')).toThrow(/IV must be 16 bytes/);
  });

  it('wraps session payloads as hex(iv).hex(ciphertext) under the UTF-8 key', () => {
    const key = 'abcdefghijklmnopqrstuvwxyz012345';
    const payload = encryptPayload('{"größe":1}', key, 'ABCDEFGHIJKLMNOP');
    expect(payload.split('.')[0]).toBe('4142434445464748494a4b4c4d4e4f50');
    expect(payload).toMatch(/^[0-9a-f]{32}\.[0-9a-f]+$/);
    expect(decryptPayload(payload, key)).toBe('{"größe":1}');
    const random = encryptPayload('x', key);
    expect(random.split('.')[0]).not.toBe(encryptPayload('x', key).split('.')[0]);
  });

  it('passes through payloads that are not iv.ciphertext', () => {
    const key = 'abcdefghijklmnopqrstuvwxyz012345';
    for (const text of ['{"a":1}', '', 'abc.def', 'zz.00', '00112233445566778899aabbccddeeff'])
      expect(decryptPayload(text, key)).toBe(text);
  });

  it('draws session keys and IVs from letters and digits', () => {
    const key = randomAlphanumeric(32);
    expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(new Set(randomAlphanumeric(2000)).size).toBe(62);
  });
});
