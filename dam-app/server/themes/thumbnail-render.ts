import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { pngSize, THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH, type ThemeValues } from '../../api/themes.ts';
import type { Logger } from '../log.ts';
import { cropPng } from './png-crop.ts';
import { drawThumbnail } from './thumbnail-drawing.ts';
import { thumbnailHtml } from './thumbnail-html.ts';

const run = promisify(execFile);
/** Debian's Chromium (RUNTIME_PACKAGES in scripts/lib/ensure-system-packages.mjs). */
export const CHROMIUM = '/usr/lib/chromium/chromium';
const RENDER_TIMEOUT_MS = 30_000;
/** Headless Chromium paints less than a small window's height: the shot is taken taller and cropped. */
const EXTRA_HEIGHT = 120;

export interface Thumbnail {
  png: Buffer;
  source: 'rendered' | 'drawn';
}

/**
 * R-THEMES: the theme's 150x135 thumbnail, a screenshot of its preview page by headless Chromium; when Chromium is
 * missing or fails, the theme still gets one, drawn from its tokens (and the log says why).
 */
export async function renderThumbnail(
  theme: ThemeValues,
  log: Logger,
  chromium = CHROMIUM,
): Promise<Thumbnail> {
  if (!existsSync(chromium)) {
    log.warn('theme_thumbnail_drawn', { reason: `no Chromium at ${chromium}` });
    return { png: drawThumbnail(theme.light), source: 'drawn' };
  }
  const dir = await mkdtemp(join(tmpdir(), 'dam-theme-'));
  try {
    const page = join(dir, 'theme.html');
    const shot = join(dir, 'shot.png');
    await writeFile(page, thumbnailHtml(theme));
    await run(
      chromium,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--hide-scrollbars',
        '--no-first-run',
        '--mute-audio',
        '--force-device-scale-factor=1',
        `--user-data-dir=${join(dir, 'profile')}`,
        `--window-size=${THUMBNAIL_WIDTH},${THUMBNAIL_HEIGHT + EXTRA_HEIGHT}`,
        `--screenshot=${shot}`,
        pathToFileURL(page).href,
      ],
      { timeout: RENDER_TIMEOUT_MS },
    );
    const png = cropPng(await readFile(shot), THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT);
    const size = pngSize(png);
    if (size?.width !== THUMBNAIL_WIDTH || size.height !== THUMBNAIL_HEIGHT)
      throw new Error(`Chromium made a ${size?.width}x${size?.height} screenshot`);
    return { png, source: 'rendered' };
  } catch (error) {
    log.warn('theme_thumbnail_drawn', { reason: String(error) });
    return { png: drawThumbnail(theme.light), source: 'drawn' };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
