import { afterEach, describe, expect, it, vi } from 'vitest';
import { uuid } from './uuid.ts';

afterEach(() => vi.unstubAllGlobals());

describe('uuid', () => {
  it('is a v4 UUID in secure and insecure contexts', () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(uuid()).toMatch(v4);
    vi.stubGlobal('isSecureContext', false);
    const values = new Set(Array.from({ length: 50 }, uuid));
    expect(values.size).toBe(50);
    for (const value of values) expect(value).toMatch(v4);
  });
});
