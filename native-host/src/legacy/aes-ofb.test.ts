import { describe, expect, it } from 'vitest';
import { aesOfb, decryptSessionText, encryptSessionText } from './aes-ofb.ts';

describe('legacy session encryption', () => {
  it('matches the NIST SP 800-38A AES-256 OFB vector', () => {
    const key = Buffer.from('603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4', 'hex');
    const iv = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
    const out = aesOfb(key, iv, Buffer.from('6bc1bee22e409f96e93d7e117393172a', 'hex'));
    expect(out.toString('hex')).toBe('dc7e84bfda79164b7ecd8486985d3860');
  });

  it('round-trips with a 32-character session key and an alphanumeric IV, and passes other text through', () => {
    const key = 'Abcdefghijklmnopqrstuvwxyz012345';
    const payload = encryptSessionText('{"iteration_token":0}', key);
    expect(payload).toMatch(/^[0-9a-f]{32}\.[0-9a-f]+$/);
    expect(Buffer.from(payload.slice(0, 32), 'hex').toString()).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(decryptSessionText(payload, key)).toBe('{"iteration_token":0}');
    expect(decryptSessionText('{"plain":true}', key)).toBe('{"plain":true}');
    expect(() => aesOfb(Buffer.alloc(10), Buffer.alloc(16), Buffer.alloc(1))).toThrow(/16, 24 or 32/);
  });
});
