import { link, rm, stat } from 'node:fs/promises';
import { findAsset } from '../assets/asset-queries.ts';
import { ingestFile } from '../assets/ingest.ts';
import type { IntentKind } from '../intents/intents.ts';
import { notify } from '../notifications/notify.ts';
import type { DamServices } from '../services.ts';
import { type CheckInPayload, checkInIntent } from '../versions/version-intents.ts';
import {
  assetAtPath,
  setCurrentVersion,
  setVersionSize,
  setVersionState,
} from '../versions/version-queries.ts';
import { updateClipRow } from './timeline-queries.ts';

/** The cut clip waiting in the conversions area (`clips/<id>.<random>.partial`), removed once the intent ends. */
const removePartial = (services: DamServices, partialKey: string) => {
  const path = services.storage.conversions.localPath(partialKey);
  return path ? rm(path, { force: true }) : Promise.resolve();
};

export interface ClipAssetPayload {
  clipId: number;
  actorId: number | null;
  partialKey: string;
  /** Storage-relative: the clip copied beside the video under a hidden name (the library's walk skips it). */
  staging: string;
  /** Storage-relative: the new asset's file, a name free when the intent began. */
  to: string;
}

/**
 * R-CLIP-EXPORT-INTENT: a clip exported as a new asset. The file steps copy the clip to a hidden staging name beside
 * the video and link it to its free name (whole or not at all); the asset is ingested and the clip row marked ready
 * when the intent ends. A restart finishes it when the file got its name, else removes what was staged: no half
 * asset, no orphan file.
 */
export const clipAssetIntent: IntentKind<ClipAssetPayload> = {
  name: 'clip.export-asset',
  paths: ({ staging, to }) => [staging, to],
  async filesDone(services, { staging, to }) {
    await services.tree.remove(staging);
    return services.tree.exists(to);
  },
  async prepare(services, { to, actorId }) {
    await ingestFile(services, to, { actorId, event: 'New' });
  },
  async rows(trx, { clipId, to }) {
    const made = await assetAtPath(trx, to);
    await updateClipRow(trx, clipId, {
      export_state: 'ready',
      export_progress: 100,
      export_asset_id: made?.id ?? null,
      export_key: null,
    });
    return made?.id;
  },
  async undo(services, { staging, to }) {
    await services.tree.remove(staging);
    if (!(await assetAtPath(services.db, to))) await services.tree.remove(to);
  },
  async cleanup(services, { staging, partialKey }) {
    await services.tree.remove(staging);
    await removePartial(services, partialKey);
  },
};

/** The file steps of a clip made a new asset: the staged copy linked to its name, then the staging removed. */
export async function linkClipAsset(services: DamServices, payload: ClipAssetPayload) {
  await link(services.tree.absolute(payload.staging), services.tree.absolute(payload.to));
  await services.tree.remove(payload.staging);
}

export type ClipVersionPayload = CheckInPayload & { clipId: number; partialKey: string };

/**
 * R-CLIP-EXPORT-INTENT: a clip exported as a new version of its video — a check-in of a staged replacement (the
 * file's hash tells a restart which side of the rename it stopped on), whose rows also mark the clip ready. The
 * exporter's own lock on the video, if any, is kept, as for an upload under a taken name.
 */
export const clipVersionIntent: IntentKind<ClipVersionPayload> = {
  ...(checkInIntent as unknown as IntentKind<ClipVersionPayload>),
  name: 'clip.export-version',
  async prepare(services, payload) {
    await ingestFile(services, payload.path);
  },
  async rows(trx, payload, services) {
    const { size } = await stat(services.tree.absolute(payload.path));
    await setVersionSize(trx, payload.versionId, size);
    await setCurrentVersion(trx, payload.assetId, payload.number);
    await setVersionState(trx, payload.versionId, 'completed');
    await updateClipRow(trx, payload.clipId, {
      export_state: 'ready',
      export_progress: 100,
      export_asset_id: payload.assetId,
      export_key: null,
    });
    const asset = await findAsset(trx, payload.assetId);
    if (asset)
      await notify(trx, services.config, {
        type: 'Version',
        actorId: payload.userId,
        subject: `${asset.name} (${payload.number})`,
        target: { kind: 'asset', id: payload.assetId },
        about: { assetId: payload.assetId, path: asset.path },
      });
  },
  async cleanup(services, payload) {
    if (payload.replacement) await services.tree.remove(payload.replacement);
    await removePartial(services, payload.partialKey);
  },
};

/** The clip versions' and assets' intents, listed by the wiring into `services.intentKinds`. */
export const CLIP_INTENTS = [clipAssetIntent, clipVersionIntent] as IntentKind<never>[];
