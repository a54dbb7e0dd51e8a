import sharp from 'sharp';
import type { Preset } from '../../api/conversions.ts';

/** The pixel limit renditions use too: a decompression bomb is refused, not decoded. */
const MAX_INPUT_PIXELS = 268_402_689;

/** An input sharp could not read: the caller words it for a person, naming the file. */
export class UnreadableInputError extends Error {}

type ImagePreset = Pick<
  Preset,
  'format' | 'width' | 'height' | 'scale' | 'rotate' | 'colorspace' | 'destinationProfile' | 'quality'
>;

/**
 * One image through sharp (R-CONVERSION-PRESET): oriented by its EXIF, turned, fitted inside the preset's box (never
 * enlarged) or scaled by a percentage, put in the colour space, given the destination profile, and written in the
 * output format to `target`.
 */
export async function convertImage(source: string, target: string, preset: ImagePreset): Promise<void> {
  const image = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
  if (preset.rotate) image.rotate(preset.rotate);
  if (preset.scale !== null) {
    const meta = await image.metadata().catch(unreadable);
    const oriented = meta.autoOrient ?? meta;
    const turned = preset.rotate === 90 || preset.rotate === 270;
    const width = (turned ? oriented.height : oriented.width) ?? 1;
    image.resize({ width: Math.max(1, Math.round((width * preset.scale) / 100)) });
  } else if (preset.width !== null || preset.height !== null) {
    image.resize({
      width: preset.width ?? undefined,
      height: preset.height ?? undefined,
      fit: 'inside',
      withoutEnlargement: true,
    });
  }
  if (preset.format === 'jpeg') image.flatten({ background: '#ffffff' });
  if (preset.colorspace === 'b-w') image.greyscale();
  else if (preset.colorspace) image.toColourspace(preset.colorspace);
  if (preset.destinationProfile) image.withIccProfile(preset.destinationProfile);
  const quality = Math.min(100, preset.quality);
  if (preset.format === 'jpeg') image.jpeg({ quality });
  else if (preset.format === 'webp') image.webp({ quality });
  else if (preset.format === 'png') image.png();
  else image.tiff({ compression: 'lzw' });
  await image.toFile(target).catch(unreadable);
}

/** A system error (no space, no permission) stays what it is: the job retries it; anything else is the input's. */
function unreadable(error: Error & { code?: string }): never {
  if (error.code) throw error;
  throw new UnreadableInputError(error.message);
}
