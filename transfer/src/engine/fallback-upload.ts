import type { ClientRequest } from 'node:http';
import type { HttpSessionOpened, RapidTransferSpec } from '@rapid/protocol';
import { decideRanges } from '../fs/resume-plan.ts';
import type { FoundFile } from '../fs/walk-files.ts';
import { ExtentMap } from '../receiver/extent-map.ts';
import { endFileProgress, startFileProgress } from '../session/file-progress.ts';
import type { FileProgress } from '../session/session-types.ts';
import type { SourceAccess } from '../session/source-access.ts';
import { roomToWrite } from '../stream/room-to-write.ts';
import {
  contentPath,
  FALLBACK_CHUNK_BYTES,
  FALLBACK_PARALLEL,
  type FallbackLink,
  statusError,
} from './fallback-link.ts';
import { drain } from './http-client.ts';
import { resumePolicyOf } from './normalize-spec.ts';
import { pool, type Range, splitRanges } from './range-pool.ts';

type UploadPlan = NonNullable<HttpSessionOpened['uploads']>[number];
/** Paced unit of a request body: small enough to keep the rate smooth. */
const SLICE_BYTES = 256 * 1024;

/** What of `plan` the node already holds and we confirm (the samples check of `decision`), or null to skip. */
async function keptOf(plan: UploadPlan, access: SourceAccess, size: number, spec: RapidTransferSpec) {
  const have = plan.have.map(([start, end]) => ({ start, end }));
  if (plan.head && access.adopt) await access.adopt(plan.index, Buffer.from(plan.head, 'base64'));
  const drop =
    plan.samples.length > 0
      ? await decideRanges(
          (start, end) => access.rangeSha256(plan.index, start, end),
          { have, samples: plan.samples },
          resumePolicyOf(spec),
        )
      : [];
  if (plan.action === 'compare' && drop.length === 0) return null;
  const kept = new ExtentMap(size);
  if (plan.action === 'send') for (const extent of have) kept.add(extent.start, extent.end);
  for (const gap of drop) kept.remove(gap.start, gap.end);
  return kept;
}

/**
 * The upload half of a fallback session: per the node's plans, only the ranges it lacks, as paced ranged `PUT`s
 * (4 in parallel across all files), each naming the session so the node records it.
 */
export async function uploadOverHttp(
  link: FallbackLink,
  spec: RapidTransferSpec,
  uploads: FoundFile[],
  plans: UploadPlan[],
  access: SourceAccess,
  files: FileProgress[],
): Promise<void> {
  const work: (Range & { index: number; path: string })[] = [];
  const remaining = new Map<number, number>();
  for (const plan of plans) {
    const file = files[plan.index];
    if (!file) continue;
    if (plan.error) {
      endFileProgress(file, 'failed', plan.error.code, plan.error.desc);
      continue;
    }
    const kept = plan.action === 'skip' ? null : await keptOf(plan, access, file.size, spec);
    if (!kept) {
      endFileProgress(file, 'skipped');
      continue;
    }
    file.startByte = kept.receivedBytes;
    file.bytesWritten = kept.receivedBytes;
    const gaps = kept.missing();
    // A complete partial the node never renamed still needs one write to finish it.
    if (gaps.length === 0) gaps.push({ start: Math.max(0, file.size - 1), end: file.size });
    const pieces = file.size === 0 ? [{ start: 0, end: 0 }] : splitRanges(gaps, FALLBACK_CHUNK_BYTES);
    remaining.set(plan.index, pieces.length);
    for (const piece of pieces) work.push({ ...piece, index: plan.index, path: plan.target });
  }
  await pool(work, FALLBACK_PARALLEL, async (item) => {
    link.check();
    const file = files[item.index] as FileProgress;
    startFileProgress(file);
    const headers = link.headers({
      'Content-Length': String(item.end - item.start),
      'Content-Type': 'application/octet-stream',
      'X-Rapid-Mtime-Ms': String(Math.trunc((uploads[item.index] as FoundFile).mtime_ms)),
    });
    if (spec.preserve_times) headers['X-Rapid-Preserve-Times'] = '1';
    if (file.size > 0) headers['Content-Range'] = `bytes ${item.start}-${item.end - 1}/${file.size}`;
    const writeBody = async (req: ClientRequest) => {
      for (let at = item.start; at < item.end && !req.destroyed; ) {
        const slice = Math.min(SLICE_BYTES, item.end - at);
        await link.pace(slice);
        const data = access.read(item.index, at, slice);
        at += slice;
        link.transferred += slice;
        file.bytesWritten = Math.min(file.size, file.bytesWritten + slice);
        if (!req.write(data) && !req.destroyed) await roomToWrite(req);
      }
    };
    const res = await link.request('PUT', contentPath(item.path), headers, writeBody);
    const text = await drain(res);
    if ((res.statusCode ?? 0) >= 300) throw statusError(res.statusCode ?? 0, text);
    const left = (remaining.get(item.index) ?? 1) - 1;
    remaining.set(item.index, left);
    if (left === 0) endFileProgress(file, 'completed');
  });
}
