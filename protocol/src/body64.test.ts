import { describe, expect, it } from 'vitest';
import { decodeBody64 } from './body64.ts';

describe('decodeBody64', () => {
  it('decodes pieces cut anywhere, including inside a multi-byte character', () => {
    const body = JSON.stringify({ name: 'résumé ✓ 日本', data: 'x'.repeat(1000) });
    const base64 = Buffer.from(body, 'utf8').toString('base64');
    const pieces = [base64.slice(0, 7), base64.slice(7, 500), base64.slice(500)];
    expect(decodeBody64(pieces.join(''))).toBe(body);
  });
});
