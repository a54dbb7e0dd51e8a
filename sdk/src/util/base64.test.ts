import { describe, expect, it } from 'vitest';
import { atou, utoa } from './base64.ts';

describe('utoa / atou', () => {
  it('encodes UTF-8 bytes as base64 and back', () => {
    expect(utoa('encode-me')).toBe('ZW5jb2RlLW1l');
    expect(atou('ZW5jb2RlLW1l')).toBe('encode-me');
    expect(atou(utoa('größe ✓ 日本'))).toBe('größe ✓ 日本');
    expect(utoa('é')).toBe('w6k=');
  });
});
