import { inflateSync } from 'node:zlib';
import { pngSize } from '../../api/themes.ts';
import { encodePng } from './png-writer.ts';

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/**
 * The top-left `width` × `height` of an 8-bit RGB or RGBA PNG (not interlaced), as an RGB PNG (alpha dropped: a
 * screenshot is opaque). Chromium's headless screenshot of a small window paints less than the window's height, so the
 * thumbnail is taken from a taller one.
 */
export function cropPng(png: Buffer, width: number, height: number): Buffer {
  const size = pngSize(png);
  if (!size) throw new Error('not a PNG');
  const [depth, colourType, , , interlace] = png.subarray(24, 29);
  const channels = colourType === 2 ? 3 : colourType === 6 ? 4 : 0;
  if (depth !== 8 || channels === 0 || interlace !== 0)
    throw new Error(`unsupported PNG: depth ${depth}, colour type ${colourType}, interlace ${interlace}`);
  if (size.width < width || size.height < height)
    throw new Error(`a ${size.width}x${size.height} PNG is too small`);
  const parts: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') parts.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(parts));
  const stride = size.width * channels;
  const rows = new Uint8Array(stride * height);
  for (let row = 0; row < height; row++) {
    const filter = raw[row * (stride + 1)];
    const line = raw.subarray(row * (stride + 1) + 1, (row + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? (rows[row * stride + i - channels] as number) : 0;
      const up = row > 0 ? (rows[(row - 1) * stride + i] as number) : 0;
      const upLeft = row > 0 && i >= channels ? (rows[(row - 1) * stride + i - channels] as number) : 0;
      const x = line[i] as number;
      const predicted =
        filter === 0
          ? 0
          : filter === 1
            ? left
            : filter === 2
              ? up
              : filter === 3
                ? (left + up) >> 1
                : paeth(left, up, upLeft);
      rows[row * stride + i] = (x + predicted) & 0xff;
    }
  }
  const rgb = new Uint8Array(width * height * 3);
  for (let row = 0; row < height; row++)
    for (let col = 0; col < width; col++)
      rgb.set(
        rows.subarray(row * stride + col * channels, row * stride + col * channels + 3),
        (row * width + col) * 3,
      );
  return encodePng(width, height, rgb);
}
