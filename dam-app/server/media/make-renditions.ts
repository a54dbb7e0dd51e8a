import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { typeLabel } from '../../api/type-label.ts';
import { TOOL_PATHS } from '../config/tool-paths.ts';
import type { AssetKind } from '../db/schema.ts';

const run = promisify(execFile);
export const FFMPEG = TOOL_PATHS.ffmpeg;
export const PDFTOPPM = TOOL_PATHS.pdftoppm;

/** Longest side of each still rendition, in pixels. */
export const RENDITION_SIZES = { thumbnail: 256, preview: 1024 } as const;

export interface MadeRendition {
  name: 'thumbnail' | 'preview' | 'poster' | 'web-preview' | 'icon';
  /** A file in the work folder, moved into the renditions area by the caller. */
  file: string;
  mimeType: string;
  width: number | null;
  height: number | null;
}

/**
 * The renditions of one original (reference/dam.md §1): images through sharp, video through ffmpeg (a poster frame
 * and a small H.264 web preview), PDF through pdftoppm (the first page), a generic icon for anything else.
 * `work` is a private temporary folder the caller removes.
 */
export async function makeRenditions(
  source: string,
  kind: AssetKind,
  fileType: string,
  work: string,
  durationSeconds: number | null,
): Promise<MadeRendition[]> {
  if (kind === 'image') return stills(source, work);
  if (kind === 'pdf') {
    const prefix = join(work, 'page');
    await run(PDFTOPPM, ['-f', '1', '-l', '1', '-singlefile', '-png', '-scale-to', '1024', source, prefix], {
      timeout: 120_000,
    });
    return stills(`${prefix}.png`, work);
  }
  if (kind === 'video') {
    const frame = join(work, 'frame.png');
    // A second in, unless the clip is shorter: the first frame is often black.
    const at = durationSeconds && durationSeconds < 2 ? durationSeconds / 2 : 1;
    await run(FFMPEG, ['-v', 'error', '-ss', String(at), '-i', source, '-frames:v', '1', '-y', frame], {
      timeout: 120_000,
    });
    const made = await stills(frame, work);
    const poster = made.find((each) => each.name === 'preview');
    const preview = join(work, 'web-preview.mp4');
    await run(
      FFMPEG,
      [
        ...['-v', 'error', '-i', source, '-t', '60', '-vf', 'scale=-2:min(360\\,ih)', '-c:v', 'libx264'],
        ...['-preset', 'veryfast', '-crf', '28', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '96k'],
        ...['-movflags', '+faststart', '-y', preview],
      ],
      { timeout: 600_000 },
    );
    const info = await probeSize(preview);
    return [
      ...made,
      ...(poster ? [{ ...poster, name: 'poster' as const }] : []),
      { name: 'web-preview', file: preview, mimeType: 'video/mp4', ...info },
    ];
  }
  return [await genericIcon(basename(source), fileType, work)];
}

/**
 * Preview and thumbnail from one decode: the preview's pixels (shrunk on load, rotated, flattened) feed both
 * encoders, so the thumbnail never decodes the original again.
 */
async function stills(source: string, work: string): Promise<MadeRendition[]> {
  const preview = RENDITION_SIZES.preview;
  const { data, info } = await sharp(source, { failOn: 'none', limitInputPixels: 268_402_689 })
    .rotate()
    .resize(preview, preview, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const previewFile = join(work, 'preview.jpg');
  await sharp(data, raw).jpeg({ quality: 82 }).toFile(previewFile);
  const thumbnailFile = join(work, 'thumbnail.jpg');
  const size = RENDITION_SIZES.thumbnail;
  const thumbnail = await sharp(data, raw)
    .resize(size, size, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 75 })
    .toFile(thumbnailFile);
  return [
    {
      name: 'thumbnail',
      file: thumbnailFile,
      mimeType: 'image/jpeg',
      width: thumbnail.width,
      height: thumbnail.height,
    },
    { name: 'preview', file: previewFile, mimeType: 'image/jpeg', width: info.width, height: info.height },
  ];
}

async function probeSize(file: string): Promise<{ width: number | null; height: number | null }> {
  try {
    const { stderr } = await run(FFMPEG, ['-hide_banner', '-i', file], { timeout: 30_000 }).catch(
      (error: { stderr?: string }) => ({ stderr: error.stderr ?? '' }),
    );
    const match = /Video:.*?(\d{2,5})x(\d{2,5})/.exec(stderr);
    return match ? { width: Number(match[1]), height: Number(match[2]) } : { width: null, height: null };
  } catch {
    return { width: null, height: null };
  }
}

/**
 * A plain document icon labelled as the tile's badge is (the extension people know, or FILE): the type's own word
 * was cut to five letters ("UNKNO") and overflowed the page.
 */
export function genericIconSvg(fileName: string, fileType: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <path d="M56 16h104l48 48v176H56z" fill="#eef1f5" stroke="#8a94a6" stroke-width="6"/>
  <path d="M160 16v48h48" fill="#d5dbe4" stroke="#8a94a6" stroke-width="6"/>
  <text x="132" y="176" font-family="sans-serif" font-size="40" font-weight="bold" fill="#44506a" text-anchor="middle">${escapeXml(typeLabel(fileName, fileType))}</text></svg>`;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The icon of a file nothing can render, as a rendition. */
export async function genericIcon(fileName: string, fileType: string, work: string): Promise<MadeRendition> {
  const file = join(work, 'icon.png');
  await sharp(Buffer.from(genericIconSvg(fileName, fileType)))
    .png()
    .toFile(file);
  return { name: 'icon', file, mimeType: 'image/png', width: 256, height: 256 };
}

/** A private temporary folder for one job's files. */
export async function withWorkFolder<T>(body: (work: string) => Promise<T>): Promise<T> {
  const work = await mkdtemp(join(tmpdir(), 'dam-rendition-'));
  try {
    return await body(work);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
