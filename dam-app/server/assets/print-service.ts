import sharp, { type OverlayOptions } from 'sharp';
import type { z } from 'zod';
import type { printFormatSchema } from '../../api/contract/assets-endpoints.ts';
import { can, type Principal } from '../access/principal.ts';
import { ApiError, assetAccessDenied, invalid } from '../api/api-error.ts';
import { jpegPagesToPdf } from '../media/image-pdf.ts';
import type { DamServices } from '../services.ts';
import { assetNames, smallRenditionsOf } from './asset-queries.ts';
import { visibleAsset, visibleAssetIds } from './asset-records.ts';

/** R-PRINT-OUTPUTS print outputs: web JPEG, PNG and GIF at 72 dpi; TIFF at 300 dpi. */
export const PRINT_OUTPUTS = {
  jpeg: { dpi: 72, mimeType: 'image/jpeg', extension: 'jpg' },
  png: { dpi: 72, mimeType: 'image/png', extension: 'png' },
  gif: { dpi: 72, mimeType: 'image/gif', extension: 'gif' },
  tiff: { dpi: 300, mimeType: 'image/tiff', extension: 'tif' },
} as const;

const COLUMNS = 4;
const ROWS = 5;
const CELL = 256;
const CAPTION = 28;
const MARGIN = 16;

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/\p{Cc}/gu, '');

async function thumbnailOf(services: DamServices, assetId: number): Promise<Buffer | undefined> {
  const rows = await smallRenditionsOf(services.db, assetId);
  const row = rows.find((each) => each.name === 'thumbnail') ?? rows[0];
  if (!row) return undefined;
  const path = services.storage.renditions.localPath(row.storage_key);
  return path ? sharp(path).resize(CELL, CELL, { fit: 'inside' }).png().toBuffer() : undefined;
}

/** A file made for the answer: its bytes, media type and the name to save it under. */
export interface MadeFile {
  bytes: Uint8Array<ArrayBuffer>;
  mimeType: string;
  fileName: string;
}

/** A print output of an image the principal may download, in one of the spec's formats. */
export async function printOutput(
  services: DamServices,
  principal: Principal,
  id: number,
  format: z.output<typeof printFormatSchema>,
): Promise<MadeFile> {
  const asset = await visibleAsset(services, principal, id);
  if (!can(principal, 'downloadHiRes')) throw assetAccessDenied();
  if (asset.kind !== 'image')
    throw new ApiError(400, 'not_an_image', 'Print outputs are made from images only.');
  const output = PRINT_OUTPUTS[format];
  const image = sharp(services.tree.absolute(asset.path), { failOn: 'none' })
    .rotate()
    .withMetadata({ density: output.dpi });
  const bytes = await (format === 'jpeg'
    ? image.jpeg({ quality: 85 })
    : format === 'png'
      ? image.png()
      : format === 'gif'
        ? image.gif()
        : image.tiff({ compression: 'lzw', xres: 300 / 25.4, yres: 300 / 25.4 })
  ).toBuffer();
  const base = asset.file_name.replace(/\.[^.]*$/, '');
  return { bytes: new Uint8Array(bytes), mimeType: output.mimeType, fileName: `${base}.${output.extension}` };
}

/** A contact sheet (PDF) of the assets the principal may see among `requested`: thumbnails and names, 20 a page. */
export async function contactSheet(
  services: DamServices,
  principal: Principal,
  requested: number[],
): Promise<Uint8Array<ArrayBuffer>> {
  const ids = await visibleAssetIds(services, principal, requested);
  if (ids.length === 0) throw invalid({ ids: 'The search is empty.' }, 'search_empty');
  const assets = await assetNames(services.db, ids);
  const byId = new Map(assets.map((asset) => [asset.id, asset]));
  const width = MARGIN * 2 + COLUMNS * CELL + (COLUMNS - 1) * MARGIN;
  const height = MARGIN * 2 + ROWS * (CELL + CAPTION) + (ROWS - 1) * MARGIN;
  const pages = [];
  for (let start = 0; start < ids.length; start += COLUMNS * ROWS) {
    const layers: OverlayOptions[] = [];
    const captions: string[] = [];
    for (const [index, id] of ids.slice(start, start + COLUMNS * ROWS).entries()) {
      const left = MARGIN + (index % COLUMNS) * (CELL + MARGIN);
      const top = MARGIN + Math.floor(index / COLUMNS) * (CELL + CAPTION + MARGIN);
      const thumbnail = await thumbnailOf(services, id);
      if (thumbnail) {
        const meta = await sharp(thumbnail).metadata();
        layers.push({
          input: thumbnail,
          left: left + Math.floor((CELL - (meta.width ?? CELL)) / 2),
          top: top + Math.floor((CELL - (meta.height ?? CELL)) / 2),
        });
      }
      const name = byId.get(id)?.name ?? '';
      captions.push(
        `<text x="${left + CELL / 2}" y="${top + CELL + 20}" font-family="sans-serif" font-size="14" ` +
          `text-anchor="middle" fill="#222">${escapeXml(name.length > 34 ? `${name.slice(0, 33)}…` : name)}</text>`,
      );
    }
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${captions.join('')}</svg>`;
    layers.push({ input: Buffer.from(svg), left: 0, top: 0 });
    const jpeg = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
      .composite(layers)
      .jpeg({ quality: 85 })
      .toBuffer();
    pages.push({ jpeg, width, height });
  }
  return new Uint8Array(jpegPagesToPdf(pages));
}
