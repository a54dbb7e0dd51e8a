import type { AssetKind } from '../db/schema.ts';
import { aspectRatioOf } from './aspect-ratio.ts';

/** What ingest keeps of exiftool's answer, in one shape whatever the format (EXIF, IPTC, XMP, QuickTime, PDF). */
export interface NormalizedMetadata {
  fileType: string;
  mimeType: string;
  kind: AssetKind;
  width: number | null;
  height: number | null;
  aspectRatio: string | null;
  colorProfile: string | null;
  dateCreated: Date | null;
  title: string | null;
  description: string | null;
  keywords: string[];
  creator: string | null;
  copyright: string | null;
  durationSeconds: number | null;
  pageCount: number | null;
  /** Every other tag, without the filesystem's (name, dates, permissions) and binary placeholders. */
  tags: Record<string, unknown>;
}

const FILESYSTEM_TAGS = new Set([
  'SourceFile',
  'ExifToolVersion',
  'FileName',
  'Directory',
  'FileSize',
  'FileModifyDate',
  'FileAccessDate',
  'FileInodeChangeDate',
  'FilePermissions',
  'Error',
  'Warning',
]);

const text = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map(String).join(', ') || null;
  if (typeof value === 'object') {
    // XMP language alternatives arrive as { 'x-default': … } under -struct.
    const alternatives = Object.values(value as Record<string, unknown>);
    return alternatives.length ? text(alternatives[0]) : null;
  }
  const trimmed = String(value).trim();
  return trimmed === '' ? null : trimmed;
};

const first = (tags: Record<string, unknown>, names: string[]) => {
  for (const name of names) {
    const value = text(tags[name]);
    if (value) return value;
  }
  return null;
};

const positive = (value: unknown): number | null => {
  const number = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  return Number.isFinite(number) && number > 0 ? Math.round(number) : null;
};

/** exiftool dates are `YYYY:MM:DD HH:MM:SS[.sss][±HH:MM|Z]`; without a zone they are read as UTC. */
export function exifDate(value: unknown): Date | null {
  const match =
    /^(\d{4}):(\d{2}):(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?/.exec(
      String(value ?? ''),
    );
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone = 'Z'] = match;
  if (y === '0000' || mo === '00' || d === '00') return null;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}${fraction}${zone === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')}`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function kindOf(mimeType: string): AssetKind {
  if (mimeType === 'application/pdf') return 'pdf';
  const [family] = mimeType.split('/');
  if (family === 'image' || family === 'video' || family === 'audio') return family;
  if (/^(text\/|application\/(msword|rtf|vnd\.(openxmlformats|ms-|oasis)))/.test(mimeType)) return 'document';
  return 'other';
}

/**
 * The `normalize_xmp` action (R-NORMALIZE-XMP): exiftool's tags of one file to the asset's fields. The type comes from the
 * content (exiftool reads the file's signature, not its extension).
 */
export function normalizeXmp(tags: Record<string, unknown>): NormalizedMetadata {
  const mimeType = text(tags.MIMEType) ?? 'application/octet-stream';
  const kind = kindOf(mimeType);
  let width = positive(tags.ImageWidth ?? tags.ExifImageWidth ?? tags.SourceImageWidth);
  let height = positive(tags.ImageHeight ?? tags.ExifImageHeight ?? tags.SourceImageHeight);
  // EXIF orientations 5–8 turn the picture a quarter: what a person sees is the other way round.
  const orientation = Number(tags.Orientation ?? 1);
  const rotation = Number(tags.Rotation ?? 0);
  if ((orientation >= 5 && orientation <= 8) || rotation === 90 || rotation === 270)
    [width, height] = [height, width];
  const keywordSource = tags.Subject ?? tags.Keywords ?? tags.XPKeywords ?? [];
  const keywords = (Array.isArray(keywordSource) ? keywordSource : String(keywordSource).split(/[;,]/))
    .map((each) => String(each).trim())
    .filter((each) => each !== '');
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(tags))
    if (!FILESYSTEM_TAGS.has(name) && !(typeof value === 'string' && value.startsWith('(Binary data')))
      kept[name] = value;
  return {
    fileType: text(tags.FileType) ?? 'unknown',
    mimeType,
    kind,
    width: kind === 'image' || kind === 'video' || kind === 'pdf' ? width : null,
    height: kind === 'image' || kind === 'video' || kind === 'pdf' ? height : null,
    aspectRatio: kind === 'image' || kind === 'video' ? aspectRatioOf(width, height) : null,
    colorProfile: first(tags, ['ICCProfileName', 'ProfileDescription', 'ColorSpaceData']),
    dateCreated: exifDate(
      tags.DateTimeOriginal ?? tags.CreateDate ?? tags.DateCreated ?? tags.MediaCreateDate,
    ),
    title: first(tags, ['Title', 'ObjectName', 'XPTitle']),
    description: first(tags, ['Description', 'ImageDescription', 'Caption-Abstract', 'XPComment']),
    keywords: [...new Set(keywords)],
    creator: first(tags, ['Creator', 'Artist', 'By-line', 'Author']),
    copyright: first(tags, ['Rights', 'Copyright', 'CopyrightNotice']),
    durationSeconds: typeof tags.Duration === 'number' ? tags.Duration : null,
    pageCount: positive(tags.PageCount),
    tags: kept,
  };
}
