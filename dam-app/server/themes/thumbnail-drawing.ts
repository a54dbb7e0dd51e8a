import { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH, type ThemeTokens } from '../../api/themes.ts';
import { encodePng } from './png-writer.ts';

const rgbOf = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));

/**
 * The thumbnail drawn from the tokens alone, for a server without Chromium: the preview's layout in blocks — the
 * header with its text, a panel, lines of text and of muted text, a link and a brand button with its label.
 */
export function drawThumbnail(tokens: ThemeTokens): Buffer {
  const width = THUMBNAIL_WIDTH;
  const height = THUMBNAIL_HEIGHT;
  const rgb = new Uint8Array(width * height * 3);
  const fill = (x: number, y: number, w: number, h: number, hex: string) => {
    const [r = 0, g = 0, b = 0] = rgbOf(hex);
    for (let row = y; row < Math.min(y + h, height); row++)
      for (let col = x; col < Math.min(x + w, width); col++) rgb.set([r, g, b], (row * width + col) * 3);
  };
  fill(0, 0, width, height, tokens.background);
  fill(0, 0, width, 24, tokens.header);
  fill(8, 9, 48, 6, tokens.headerText);
  fill(0, 24, 36, height - 24, tokens.surface);
  for (const y of [34, 46, 58]) fill(6, y, 24, 4, tokens.mutedText);
  fill(46, 34, 90, 6, tokens.text);
  fill(46, 48, 70, 4, tokens.mutedText);
  fill(46, 58, 60, 4, tokens.link);
  fill(46, 72, 92, 38, tokens.surface);
  fill(52, 78, 34, 26, tokens.mutedText);
  fill(92, 82, 40, 4, tokens.text);
  fill(46, 116, 52, 14, tokens.brand);
  fill(54, 121, 36, 4, tokens.brandText);
  return encodePng(width, height, rgb);
}
