import { stat } from 'node:fs/promises';
import type { Asset } from '../db/schema.ts';
import { probeVideo, type VideoFacts } from '../media/video-clip.ts';
import type { DamServices } from '../services.ts';
import { versionRow } from '../versions/version-queries.ts';

/** The file of one version of an asset: the original in the tree when it is the current one, else the kept copy. */
export async function versionFile(
  services: DamServices,
  asset: Asset,
  version: number,
): Promise<{ path: string; hash: string } | undefined> {
  let found: { path: string | undefined; hash: string };
  if (version === asset.version_number) {
    found = { path: services.tree.absolute(asset.path), hash: asset.content_hash };
  } else {
    const row = await versionRow(services.db, asset.id, version);
    if (!row) return undefined;
    found = { path: services.storage.versions.localPath(row.storage_key), hash: row.content_hash };
  }
  if (!found.path || !(await stat(found.path).catch(() => undefined))?.isFile()) return undefined;
  return { path: found.path, hash: found.hash };
}

// ffprobe once per content (a few tens of milliseconds each), kept for the process; old entries go first.
const FACTS_KEPT = 500;
const facts = new Map<string, Promise<VideoFacts>>();

/** The duration and frame rate of a version's content, probed once per content hash. */
export function videoFacts(file: { path: string; hash: string }): Promise<VideoFacts> {
  const known = facts.get(file.hash);
  if (known) return known;
  const probing = probeVideo(file.path).catch(() => ({ durationSeconds: null, frameRate: null }));
  facts.set(file.hash, probing);
  if (facts.size > FACTS_KEPT) facts.delete(facts.keys().next().value as string);
  return probing;
}
