import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { EXIFTOOL } from '../media/exiftool.ts';
import { FFMPEG } from '../media/make-renditions.ts';
import { minimalPdf } from '../media/minimal-pdf.ts';

const run = promisify(execFile);

/** A JPEG made with sharp; `tags` are written with exiftool (`-XMP:Subject=…`), as a camera or an editor would. */
export async function sampleJpeg(
  path: string,
  options: { width?: number; height?: number; color?: string; tags?: string[] } = {},
): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await sharp({
    create: {
      width: options.width ?? 400,
      height: options.height ?? 300,
      channels: 3,
      background: options.color ?? '#3366cc',
    },
  })
    .withIccProfile('srgb')
    .jpeg()
    .toFile(path);
  if (options.tags?.length) await run(EXIFTOOL, ['-q', '-overwrite_original', ...options.tags, path]);
}

export async function samplePng(path: string, width: number, height: number): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await sharp({ create: { width, height, channels: 4, background: '#22aa55' } })
    .png()
    .toFile(path);
}

/** A short test-pattern video from ffmpeg's lavfi source. */
export async function sampleVideo(path: string, seconds = 2, size = '320x180'): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await run(FFMPEG, [
    ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${size}:rate=10`],
    ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-y', path],
  ]);
}

export async function samplePdf(path: string, text = 'Rapid DAM'): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, minimalPdf(text));
}

/** Polls until `check` answers something truthy, or fails after `ms`. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
