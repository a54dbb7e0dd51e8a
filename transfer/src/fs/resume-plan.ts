import { statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Extent } from '../receiver/extent-map.ts';
import { rangeSha256 } from './checksum.ts';
import type { FolderNames } from './folder-names.ts';
import { checkpointPath, readCheckpoint } from './partial-file.ts';

export type ResumePolicy = 'none' | 'attributes' | 'sparse_checksum' | 'full_checksum';
export type OverwritePolicy = 'never' | 'always' | 'diff' | 'older' | 'diff+older';

export interface Sample {
  start: number;
  end: number;
  sha256: string;
}

export interface FilePlan {
  /** `compare`: the destination exists; skip it if the sender confirms the samples. */
  action: 'send' | 'skip' | 'compare';
  have: Extent[];
  samples: Sample[];
  /** Base64 of the first bytes held (≤ 128), so a sender can continue a transformed stream (PROTOCOL.md §1.3). */
  head?: string;
}

export const PLAN_HEAD_BYTES = 128;

async function headOf(path: string, have: Extent[]): Promise<{ head?: string }> {
  const prefix = have[0]?.start === 0 ? Math.min(PLAN_HEAD_BYTES, have[0].end) : 0;
  if (prefix === 0) return {};
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(prefix);
    const { bytesRead } = await handle.read(buffer, 0, prefix, 0);
    return { head: buffer.subarray(0, bytesRead).toString('base64') };
  } finally {
    await handle.close();
  }
}

const SPARSE_SAMPLES = 8;
const SPARSE_BYTES = 64 * 1024;
const FULL_CHUNK = 1024 * 1024;

/** The ranges whose hashes prove `have`: a few spread samples (sparse) or every 1 MiB chunk (full). */
export function sampleRanges(have: Extent[], policy: ResumePolicy): Extent[] {
  if (policy === 'none' || policy === 'attributes') return [];
  const ranges: Extent[] = [];
  if (policy === 'full_checksum') {
    for (const extent of have)
      for (let start = extent.start; start < extent.end; start += FULL_CHUNK)
        ranges.push({ start, end: Math.min(extent.end, start + FULL_CHUNK) });
    return ranges;
  }
  const total = have.reduce((sum, extent) => sum + extent.end - extent.start, 0);
  if (total === 0) return [];
  const step = total / SPARSE_SAMPLES;
  for (let i = 0; i < SPARSE_SAMPLES; i++) {
    let skip = Math.floor(i * step);
    for (const extent of have) {
      const length = extent.end - extent.start;
      if (skip < length) {
        const start = extent.start + skip;
        const range = { start, end: Math.min(extent.end, start + SPARSE_BYTES) };
        if (!ranges.some((r) => r.start === range.start)) ranges.push(range);
        break;
      }
      skip -= length;
    }
  }
  return ranges;
}

async function samplesOf(path: string, have: Extent[], policy: ResumePolicy): Promise<Sample[]> {
  const out: Sample[] = [];
  for (const range of sampleRanges(have, policy))
    out.push({ ...range, sha256: await rangeSha256(path, range.start, range.end) });
  return out;
}

/**
 * Receiver side of the plan (node-api.md §4.5, §5): what to do with an offered file given what already sits at its
 * destination (a finished file, or a `.partial` with its checkpoint) under the overwrite and resume policies. `names`,
 * the offer's listed folders, spares the probes of names known not to be there.
 */
export async function planFile(
  finalPath: string,
  offered: { size: number; mtime_ms: number },
  resume: ResumePolicy,
  overwrite: OverwritePolicy,
  names?: FolderNames,
): Promise<FilePlan> {
  const existing =
    names && !names.mayExist(finalPath) ? undefined : statSync(finalPath, { throwIfNoEntry: false });
  if (existing?.isFile()) {
    const older = existing.mtimeMs < offered.mtime_ms;
    if (
      overwrite === 'never' ||
      (overwrite === 'older' && !older) ||
      (overwrite === 'diff+older' && !older)
    ) {
      return { action: 'skip', have: [], samples: [] };
    }
    if (
      (overwrite === 'diff' || overwrite === 'diff+older') &&
      resume !== 'none' &&
      existing.size === offered.size
    ) {
      const sameTimes = Math.trunc(existing.mtimeMs) === Math.trunc(offered.mtime_ms);
      if (resume === 'attributes') return sameTimes ? { action: 'skip', have: [], samples: [] } : fresh();
      const have = offered.size > 0 ? [{ start: 0, end: offered.size }] : [];
      return {
        action: 'compare',
        have,
        samples: await samplesOf(finalPath, have, resume),
        ...(await headOf(finalPath, have)),
      };
    }
  }
  if (resume === 'none' || (names && !names.mayExist(checkpointPath(finalPath)))) return fresh();
  const checkpoint = readCheckpoint(finalPath);
  if (
    !checkpoint ||
    checkpoint.size !== offered.size ||
    Math.trunc(checkpoint.mtime_ms) !== Math.trunc(offered.mtime_ms)
  ) {
    return fresh();
  }
  return {
    action: 'send',
    have: checkpoint.extents,
    samples: await samplesOf(`${finalPath}.partial`, checkpoint.extents, resume),
    ...(await headOf(`${finalPath}.partial`, checkpoint.extents)),
  };
}

function fresh(): FilePlan {
  return { action: 'send', have: [], samples: [] };
}

/** Sender side: which of the receiver's ranges do not match the source (sparse: any mismatch drops everything). */
export function decideFile(
  sourcePath: string,
  plan: { have: Extent[]; samples: Sample[] },
  resume: ResumePolicy,
): Promise<Extent[]> {
  return decideRanges((start, end) => rangeSha256(sourcePath, start, end), plan, resume);
}

/** `decideFile` over any byte source: `hash(start, end)` is the SHA-256 of the sender's bytes [start, end). */
export async function decideRanges(
  hash: (start: number, end: number) => Promise<string>,
  plan: { have: Extent[]; samples: Sample[] },
  resume: ResumePolicy,
): Promise<Extent[]> {
  const bad: Extent[] = [];
  for (const sample of plan.samples) {
    if ((await hash(sample.start, sample.end)) !== sample.sha256)
      bad.push({ start: sample.start, end: sample.end });
  }
  if (bad.length > 0 && resume === 'sparse_checksum') return plan.have;
  return bad;
}
