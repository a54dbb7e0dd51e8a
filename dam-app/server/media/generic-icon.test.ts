import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericIcon, genericIconSvg } from './make-renditions.ts';

let work = '';
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'dam-icon-test-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('the generic icon of a file nothing can render', () => {
  // The tile's badge and the icon say the same short word: a .bin file of unknown type showed "UNKNO" cut off.
  it.each([
    ['master-150.bin', 'unknown', 'BIN'],
    ['notes.markdown', 'unknown', 'FILE'],
    ['README', 'unknown', 'FILE'],
    ['archive.tar.gz', 'GZIP', 'GZ'],
    ['song.flac', 'FLAC', 'FLAC'],
  ])('%s (%s) is labelled %s', (fileName, fileType, label) => {
    const svg = genericIconSvg(fileName, fileType);
    expect(/<text[^>]*>([^<]*)<\/text>/.exec(svg)?.[1]).toBe(label);
  });

  it('is a 256 px PNG', async () => {
    const icon = await genericIcon('master-150.bin', 'unknown', work);
    const meta = await sharp(icon.file).metadata();
    expect({ name: icon.name, format: meta.format, width: meta.width, height: meta.height }).toEqual({
      name: 'icon',
      format: 'png',
      width: 256,
      height: 256,
    });
  });
});
