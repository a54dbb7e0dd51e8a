import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';

/** A photo: a real JPEG, so the DAM reads its metadata and makes its renditions. */
export async function writeJpeg(path: string, hue: number): Promise<void> {
  await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: hue, g: 120, b: 200 } } })
    .jpeg()
    .toFile(path);
}

/** A one-page PDF with a green square, written by hand (its cross-reference table holds the real offsets). */
export async function writePdf(path: string): Promise<void> {
  const content = '0 0.5 0 rg 20 20 160 160 re f\n';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}endstream`,
  ];
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(text.length);
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  await writeFile(path, text, 'latin1');
}

/** Random bytes nothing compresses, written 8 MiB at a time. */
export async function writeRandom(path: string, bytes: number): Promise<void> {
  const chunk = 8 * 1024 * 1024;
  const parts: Buffer[] = [];
  for (let left = bytes; left > 0; left -= chunk) parts.push(randomBytes(Math.min(chunk, left)));
  await writeFile(path, Buffer.concat(parts));
}
