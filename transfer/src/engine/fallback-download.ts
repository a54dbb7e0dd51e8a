import type { HttpSessionOpened, RapidTransferSpec } from '@rapid/protocol';
import { PartialFile } from '../fs/partial-file.ts';
import { planFile } from '../fs/resume-plan.ts';
import type { Protection } from '../protect/content-protection.ts';
import { endFileProgress, startFileProgress } from '../session/file-progress.ts';
import type { FileProgress } from '../session/session-types.ts';
import { sessionError } from '../session/session-types.ts';
import {
  contentPath,
  FALLBACK_CHUNK_BYTES,
  FALLBACK_PARALLEL,
  type FallbackLink,
  statusError,
} from './fallback-link.ts';
import { drain } from './http-client.ts';
import { LocalDestination } from './local-destination.ts';
import { overwritePolicyOf, resumePolicyOf } from './normalize-spec.ts';
import { pool, type Range, splitRanges } from './range-pool.ts';

type Offered = NonNullable<HttpSessionOpened['downloads']>[number];
type Finish = (partial: PartialFile) => Promise<void>;

/** Puts a complete file in place; like a UDP session, a failure (e.g. 48, wrong passphrase) fails this file only. */
async function finishFile(file: FileProgress, partial: PartialFile, finish: Finish): Promise<void> {
  file.status = 'completed';
  try {
    await finish(partial);
    endFileProgress(file, 'completed');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    endFileProgress(file, 'failed', typeof code === 'number' ? code : 64, (error as Error).message);
  }
}

async function getRange(
  link: FallbackLink,
  source: string,
  range: Range,
  partial: PartialFile,
  file: FileProgress,
) {
  link.check();
  startFileProgress(file);
  const res = await link.request(
    'GET',
    contentPath(source),
    link.headers({ Range: `bytes=${range.start}-${range.end - 1}` }),
  );
  if (res.statusCode !== 206) throw statusError(res.statusCode ?? 0, await drain(res));
  let position = range.start;
  for await (const chunk of res) {
    const data = chunk as Buffer;
    if (position + data.length > range.end) throw sessionError(18, 'range answer longer than asked');
    partial.write(position, data);
    position += data.length;
    file.bytesWritten += data.length;
    link.transferred += data.length;
    await link.pace(data.length);
  }
  if (position !== range.end) throw sessionError(16, 'range answer cut short');
  partial.flush();
}

/**
 * The download half of a fallback session: each offered file lands where `create_dir` and `content_protection` say,
 * resumes from its own checkpoint (trusted on size and mtime: the node answers no samples over HTTP), and only the
 * missing ranges are fetched, as paced ranged `GET`s (4 in parallel across all files).
 */
export async function downloadOverHttp(
  link: FallbackLink,
  spec: RapidTransferSpec,
  offered: Offered[],
  protection: Protection | undefined,
  files: FileProgress[],
): Promise<void> {
  const destination = new LocalDestination(spec, protection);
  const preserveTimes = spec.preserve_times ?? spec.preserve_modification_time ?? false;
  const finish: Finish = destination.finalizer(preserveTimes) ?? ((p) => p.finalizeAsync(preserveTimes));
  const work: (Range & { entry: Offered; file: FileProgress; partial: PartialFile })[] = [];
  const partials: PartialFile[] = [];
  try {
    for (const [at, entry] of offered.entries()) {
      const file = files[at] as FileProgress;
      let finalPath: string;
      try {
        finalPath = destination.resolve(entry.path, offered.length);
      } catch (error) {
        endFileProgress(file, 'failed', (error as { code?: number }).code ?? 41, (error as Error).message);
        continue;
      }
      const resume = resumePolicyOf(spec) === 'none' ? 'none' : 'attributes';
      const plan = await planFile(finalPath, entry, resume, overwritePolicyOf(spec));
      if (plan.action === 'skip') {
        endFileProgress(file, 'skipped');
        continue;
      }
      const partial = PartialFile.open(finalPath, entry.size, entry.mtime_ms, plan.have);
      partials.push(partial);
      file.startByte = partial.map.receivedBytes;
      file.bytesWritten = file.startByte;
      const pieces = splitRanges(partial.map.missing(), FALLBACK_CHUNK_BYTES);
      if (pieces.length === 0) await finishFile(file, partial, finish);
      for (const piece of pieces) work.push({ ...piece, entry, file, partial });
    }
    await pool(work, FALLBACK_PARALLEL, async (item) => {
      await getRange(link, item.entry.source, item, item.partial, item.file);
      if (item.partial.complete && item.file.status === 'transferring')
        await finishFile(item.file, item.partial, finish);
    });
  } finally {
    for (const partial of partials) partial.suspend();
  }
}
