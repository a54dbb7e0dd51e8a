import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { EXIFTOOL } from '../media/exiftool.ts';
import { FFMPEG } from '../media/make-renditions.ts';

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

/** A one-page PDF written by hand: the smallest document pdftoppm renders. */
export function minimalPdf(text: string): Buffer {
  const safe = text.replace(/[()\\]/g, '');
  const stream = `BT /F1 24 Tf 72 720 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
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
