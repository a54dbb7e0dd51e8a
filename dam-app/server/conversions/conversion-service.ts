import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import { CONVERSION_TEXTS, PRESET_READS, type Preset, type PresetFormat } from '../../api/conversions.ts';
import { ApiError, notFound } from '../api/api-error.ts';
import type { AssetConverter, ConvertedFile, DamServices } from '../services.ts';
import { conversionRow, saveConversion, versionWithAsset } from './conversion-queries.ts';
import { convertImage, UnreadableInputError } from './convert-image.ts';
import { convertMedia, NoStreamError } from './convert-media.ts';
import { Limiter } from './limiter.ts';
import { presetById } from './preset-service.ts';
import { ToolMissingError } from './tool-missing-error.ts';

const EXTENSIONS: Record<PresetFormat, { ext: string; mediaType: string }> = {
  jpeg: { ext: 'jpg', mediaType: 'image/jpeg' },
  png: { ext: 'png', mediaType: 'image/png' },
  webp: { ext: 'webp', mediaType: 'image/webp' },
  tiff: { ext: 'tif', mediaType: 'image/tiff' },
  mp4: { ext: 'mp4', mediaType: 'video/mp4' },
  mov: { ext: 'mov', mediaType: 'video/quicktime' },
  mp3: { ext: 'mp3', mediaType: 'audio/mpeg' },
  m4a: { ext: 'm4a', mediaType: 'audio/mp4' },
};

/** A partial output older than this was left by a killed converter (none runs that long without writing). */
export const STALE_PARTIAL_MS = 15 * 60 * 1000;
const PARTIAL = /\.partial$/;

/** The name a person gets: the original's stem, the preset's name, the output's extension. */
export function convertedName(originalName: string, preset: Pick<Preset, 'name' | 'format'>): string {
  const stem = basename(originalName, extname(originalName)) || 'file';
  const label = preset.name.replace(/[/\\:*?"<>|\p{Cc}]/gu, '-');
  return `${stem} (${label}).${EXTENSIONS[preset.format].ext}`;
}

/**
 * Conversions, cached per asset version and preset (R-CONVERSION-CACHE): a ready conversion made with the preset's
 * current revision is answered at once; otherwise it is made — written to a partial name beside its final one and
 * renamed into place, so a killed run leaves no half file under the final name and a re-run (the job queue's
 * retry) converges on the same result. Within this process one key converts once however many ask; at most
 * `limit` conversions run at once. A failure the input causes throws an ApiError whose text names the file and
 * why (R-CONVERSION-FAILURE), and so does a converter that cannot be run at all (not installed, `DAM_FFMPEG` leading
 * nowhere: retrying cannot help); anything else (no space, an abort) is thrown as it is, to retry.
 */
export class ConversionService implements AssetConverter {
  private readonly running = new Map<string, Promise<ConvertedFile>>();

  constructor(
    private readonly servicesOf: () => DamServices,
    private readonly limiter = new Limiter(Math.max(1, availableParallelism())),
  ) {}

  ensureConverted(
    input: { versionId: number; presetId: number },
    signal?: AbortSignal,
  ): Promise<ConvertedFile> {
    const key = `${input.versionId}:${input.presetId}`;
    const pending = this.running.get(key);
    if (pending) return pending;
    const started = this.convert(input.versionId, input.presetId, signal).finally(() =>
      this.running.delete(key),
    );
    this.running.set(key, started);
    return started;
  }

  private async convert(versionId: number, presetId: number, signal?: AbortSignal): Promise<ConvertedFile> {
    const services = this.servicesOf();
    const { db } = services;
    const area = services.storage.conversions;
    const source = await versionWithAsset(db, versionId);
    if (!source) throw notFound('asset', `No asset version ${versionId}.`);
    const preset = await presetById(db, presetId);
    const fileName = convertedName(source.versionFileName, preset);
    const { mediaType } = EXTENSIONS[preset.format];

    const cached = await conversionRow(db, versionId, presetId);
    if (cached?.state === 'ready' && cached.preset_revision === preset.revision && cached.storage_key) {
      const path = area.localPath(cached.storage_key);
      const found = path ? await stat(path).catch(() => undefined) : undefined;
      if (path && found?.isFile()) return { path, size: found.size, mediaType, fileName };
    }

    const fail = async (reason: string): Promise<never> => {
      const message = CONVERSION_TEXTS.failed(source.versionFileName, reason);
      await saveConversion(db, versionId, presetId, {
        state: 'failed',
        revision: preset.revision,
        fileName,
        error: message,
      });
      throw new ApiError(422, 'conversion_failed', message);
    };
    if (!PRESET_READS[preset.kind].includes(source.kind))
      return fail(CONVERSION_TEXTS.wrongKind(preset.name, preset.kind, source.kind));
    const input =
      source.versionHash === source.assetHash
        ? services.tree.absolute(source.path)
        : services.storage.versions.localPath(source.versionKey);
    if (!input || !(await stat(input).catch(() => undefined))?.isFile())
      return fail(CONVERSION_TEXTS.missing);

    await saveConversion(db, versionId, presetId, {
      state: 'converting',
      revision: preset.revision,
      fileName,
    });
    const storageKey = `${versionId}/${presetId}-r${preset.revision}.${EXTENSIONS[preset.format].ext}`;
    const target = area.localPath(storageKey) as string;
    await mkdir(dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
    try {
      await this.limiter.run(async () => {
        signal?.throwIfAborted();
        if (preset.kind === 'image') await convertImage(input, partial, preset);
        else await convertMedia(input, partial, preset, signal);
        signal?.throwIfAborted();
      });
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      if (error instanceof UnreadableInputError)
        return fail(
          preset.kind === 'image' ? CONVERSION_TEXTS.unreadableImage : CONVERSION_TEXTS.unreadableMedia,
        );
      if (error instanceof NoStreamError) return fail(CONVERSION_TEXTS.noAudio);
      if (error instanceof ToolMissingError) {
        // Said to the person per file; the administrator reads which path was tried.
        services.log.error('conversion.tool_missing', { tool: error.tool, path: error.path });
        return fail(CONVERSION_TEXTS.toolMissing(error.tool));
      }
      if (!signal?.aborted && !(error as { code?: unknown }).code)
        return fail(CONVERSION_TEXTS.toolFailed((error as Error).message));
      throw error;
    }
    const { size } = await stat(target);
    await saveConversion(db, versionId, presetId, {
      state: 'ready',
      revision: preset.revision,
      storageKey,
      fileName,
      mediaType,
      size,
    });
    await removeLeftovers(dirname(target), `${presetId}-r`, basename(target));
    return { path: target, size, mediaType, fileName };
  }
}

/**
 * What killed converters and older revisions of this preset left in the version's folder: partial files past the
 * stale age, and outputs of earlier revisions (nothing names them any more).
 */
async function removeLeftovers(folder: string, prefix: string, keep: string) {
  const now = Date.now();
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    if (!name.startsWith(prefix) || name === keep) continue;
    const path = join(folder, name);
    if (PARTIAL.test(name)) {
      const info = await stat(path).catch(() => undefined);
      if (info && now - info.mtimeMs > STALE_PARTIAL_MS) await rm(path, { force: true });
    } else if (!name.startsWith(`${keep}.`)) await rm(path, { force: true });
  }
}
