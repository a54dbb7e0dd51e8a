import { existsSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_THEMES, pngSize } from '../../api/themes.ts';
import { silentLogger } from '../log.ts';
import { cropPng } from './png-crop.ts';
import { crc32, encodePng } from './png-writer.ts';
import { drawThumbnail } from './thumbnail-drawing.ts';
import { CHROMIUM, renderThumbnail } from './thumbnail-render.ts';

const harbour = BUILT_IN_THEMES.harbour as NonNullable<(typeof BUILT_IN_THEMES)['harbour']>;

/** The RGB of a pixel of an RGB PNG this module wrote (one IDAT, rows unfiltered). */
function pixel(png: Buffer, x: number, y: number) {
  const size = pngSize(png) as { width: number };
  const raw = inflateSync(png.subarray(41, png.length - 12 - 4));
  const at = y * (size.width * 3 + 1) + 1 + x * 3;
  return `#${[...raw.subarray(at, at + 3)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

describe('R-THEMES: the theme thumbnail', () => {
  it('writes PNG chunks with the CRC-32 PNG readers check', () => {
    expect(crc32(Buffer.from('IEND', 'latin1'))).toBe(0xae426082);
    const png = encodePng(2, 1, Uint8Array.from([255, 0, 0, 0, 0, 255]));
    expect(pngSize(png)).toEqual({ width: 2, height: 1 });
    expect(pixel(png, 1, 0)).toBe('#0000ff');
  });

  it('draws a 150x135 PNG from the tokens when no Chromium renders it: header, page and brand in their colours', async () => {
    const drawn = drawThumbnail(harbour.light);
    expect(pngSize(drawn)).toEqual({ width: 150, height: 135 });
    expect(pixel(drawn, 149, 0)).toBe(harbour.light.header);
    expect(pixel(drawn, 149, 134)).toBe(harbour.light.background);
    expect(pixel(drawn, 47, 117)).toBe(harbour.light.brand);
    const fallback = await renderThumbnail(harbour, silentLogger, '/no/such/chromium');
    expect(fallback).toEqual({ png: drawn, source: 'drawn' });
  });

  it('crops a PNG, filtered rows and alpha included, to its top-left corner', () => {
    const png = encodePng(
      3,
      2,
      Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]),
    );
    const cropped = cropPng(png, 2, 1);
    expect(pngSize(cropped)).toEqual({ width: 2, height: 1 });
    expect(pixel(cropped, 1, 0)).toBe('#040506');
  });

  it.runIf(existsSync(CHROMIUM))(
    'renders the preview page with headless Chromium as a 150x135 PNG',
    async () => {
      const { png, source } = await renderThumbnail(harbour, silentLogger);
      expect(source).toBe('rendered');
      expect(pngSize(png)).toEqual({ width: 150, height: 135 });
      // The header band is the theme's header colour, read back from Chromium's own PNG.
      expect(pixel(cropPng(png, 150, 135), 140, 3)).toBe(harbour.light.header);
    },
  );
});
