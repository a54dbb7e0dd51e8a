import { describe, expect, it } from 'vitest';
import { base64ToBytes, decodeBody64 } from './body64.ts';

describe('decodeBody64', () => {
  it('decodes pieces cut anywhere, including inside a multi-byte character', () => {
    const body = JSON.stringify({ name: 'résumé ✓ 日本', data: 'x'.repeat(1000) });
    const base64 = Buffer.from(body, 'utf8').toString('base64');
    const pieces = [base64.slice(0, 7), base64.slice(7, 500), base64.slice(500)];
    expect(decodeBody64(pieces.join(''))).toBe(body);
  });
});

describe('base64ToBytes', () => {
  it('gives the same bytes with and without the native decoder', () => {
    const bytes = new Uint8Array(256).map((_, i) => i);
    const base64 = Buffer.from(bytes).toString('base64');
    expect(base64ToBytes(base64)).toEqual(bytes);
    const holder = Uint8Array as unknown as { fromBase64?: unknown };
    const native = holder.fromBase64;
    holder.fromBase64 = undefined;
    try {
      expect(base64ToBytes(base64)).toEqual(bytes);
    } finally {
      holder.fromBase64 = native;
    }
  });
});
