import { describe, expect, it } from 'vitest';
import { contrastRatio, isLogoPng, LOGO_MAX_BYTES, saveWorkspaceSchema } from './workspaces.ts';

const png = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return btoa(String.fromCharCode(...bytes));
};

describe('isLogoPng', () => {
  it('takes a PNG by its signature up to the size limit', () => {
    expect(isLogoPng(png(100))).toBe(true);
    expect(isLogoPng(png(LOGO_MAX_BYTES))).toBe(true);
    expect(isLogoPng(png(LOGO_MAX_BYTES + 1))).toBe(false);
    expect(isLogoPng(btoa('GIF89a-not-a-png'))).toBe(false);
  });

  it('answers false, never throws, for what is not whole base64 (the route fuzz found a 500)', () => {
    for (const text of ['', 'A', 'AAA', 'AAAAA', 'iVBORw0KGgo', 'iVBORw0KGgoAA=', 'é', '====']) {
      expect(isLogoPng(text)).toBe(false);
    }
    expect(
      saveWorkspaceSchema.safeParse({
        name: 'x',
        headerColor: '#000000',
        headerTextColor: '#ffffff',
        logo: 'A',
      }).success,
    ).toBe(false);
  });
});

describe('contrastRatio', () => {
  it('is WCAG 2’s ratio, whichever colour comes first', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });
});
