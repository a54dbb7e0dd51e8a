import { link, lstat, unlink } from 'node:fs/promises';
import { fileNameProblem } from '../../api/names.ts';
import { baseName, joinPath, parentOf } from '../folders/acl-scope.ts';
import { ensureFolderRow } from '../folders/folder-queries.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import { normalizeXmp } from '../media/normalize-xmp.ts';
import { notify } from '../notifications/notify.ts';
import type { DamServices } from '../services.ts';
import { isIndexable, PathOutsideRootError } from '../storage/originals-tree.ts';
import { inLoadingDock } from '../storage/work-folders.ts';
import { workflowEvent } from '../workflows/workflow-events.ts';
import { insertAssetUnlessTaken, keywordVector, liveAssetAt, updateAssetRow } from './asset-queries.ts';
import { type HashAhead, hashOf } from './hash-ahead.ts';

export interface IngestResult {
  id: number;
  /** A new asset row. */
  created: boolean;
  /** The file's content differs from what the asset had: metadata re-read, renditions queued. */
  changed: boolean;
}

export class NotIngestableError extends Error {}

/** Who brought the file and how: an upload (a person's), or a file found or registered (`New`). */
export interface IngestOrigin {
  actorId: number | null;
  event: 'Upload' | 'New';
  /** Made by a workflow's step: it starts no workflow (R-WORKFLOW-TRIGGERS). */
  fromWorkflow?: boolean;
}

/**
 * Registers a file already in the originals tree (what an accelerated upload leaves there) as an asset. Idempotent by
 * path and content: the same file ingested twice, or by two servers at once, is one asset; a file whose content
 * changed keeps its asset and gets its metadata and renditions again. The type comes from the content (exiftool
 * reads signatures), metadata through `normalize_xmp`, renditions follow as a job. An upload's hash may come `ahead`,
 * taken while the antivirus scanned it (R-UPLOAD-SCAN-OVERLAP); it counts only for the same file, unchanged.
 */
export async function ingestFile(
  services: DamServices,
  given: string,
  origin: IngestOrigin = { actorId: null, event: 'New' },
  ahead?: HashAhead,
): Promise<IngestResult> {
  const { db } = services;
  if (!isIndexable(baseName(given))) throw new NotIngestableError(`Not an asset file: ${given}`);
  // R-DOCK-PLACE: the loading dock holds prepared downloads (links to originals), never assets of their own.
  if (inLoadingDock(given)) throw new NotIngestableError(`In the loading dock: ${given}`);
  const problem = fileNameProblem(baseName(given));
  if (problem) throw new NotIngestableError(`Refused file name (${problem}): ${JSON.stringify(given)}`);
  const path = await underNfcName(services, given);
  let absolute: string;
  try {
    absolute = services.tree.absolute(path);
  } catch (error) {
    if (error instanceof PathOutsideRootError) throw new NotIngestableError(error.message);
    throw error;
  }
  const info = await lstat(absolute);
  if (!info.isFile()) throw new NotIngestableError(`Not a file: ${path}`);
  const hash = await hashOf(absolute, ahead);
  const existing = await liveAssetAt(db, path);
  if (existing && existing.content_hash === hash) {
    if (existing.status === 'missing') await updateAssetRow(db, existing.id, { status: 'active' });
    return { id: existing.id, created: false, changed: false };
  }

  const tags = await services.exiftool.read(absolute).catch((error: Error) => {
    services.log.warn('ingest.exiftool_failed', { path, error: error.message });
    return {} as Record<string, unknown>;
  });
  const meta = normalizeXmp(tags);
  const fileName = baseName(path);
  const fields = {
    file_type: meta.fileType,
    mime_type: meta.mimeType,
    kind: meta.kind,
    size: info.size,
    content_hash: hash,
    width: meta.width,
    height: meta.height,
    color_profile: meta.colorProfile,
    aspect_ratio: meta.aspectRatio,
    date_created: meta.dateCreated ?? info.mtime,
    metadata: JSON.stringify(metadataRecord(meta)),
    rendition_state: 'pending' as const,
    updated_at: new Date(),
  };

  const result = await db.transaction().execute(async (trx): Promise<IngestResult> => {
    const folderId = await ensureFolderRow(trx, parentOf(path));
    if (existing) {
      await updateAssetRow(trx, existing.id, { ...fields, status: 'active' });
      await queueJob(trx, 'asset.renditions', { assetId: existing.id, hash });
      if (meta.kind === 'video') await queueJob(trx, 'video.timeline-strip', { assetId: existing.id });
      return { id: existing.id, created: false, changed: true };
    }
    const inserted = await insertAssetUnlessTaken(trx, {
      ...fields,
      folder_id: folderId,
      path,
      file_name: fileName,
      name: meta.title ?? fileName,
      description: meta.description ?? '',
      keywords: meta.keywords,
      keyword_search: keywordVector(meta.keywords),
      // R-HOME: "my recent uploads" — whoever brought the file (a workflow's copy is nobody's upload).
      uploaded_by: origin.fromWorkflow ? null : origin.actorId,
    });
    if (inserted === undefined) {
      // Another server registered the same path a moment ago: that asset is this one.
      const row = await liveAssetAt(trx, path);
      if (!row) throw new Error(`The asset at ${path} vanished while it was registered.`);
      return { id: row.id, created: false, changed: false };
    }
    await queueJob(trx, 'asset.renditions', { assetId: inserted, hash });
    // The video timeline's thumbnail strip, ready before the timeline first opens (issue 28).
    if (meta.kind === 'video') await queueJob(trx, 'video.timeline-strip', { assetId: inserted });
    // Followers of the folder (or a folder above it) hear of the new asset with it, in this transaction.
    await notify(trx, services.config, {
      type: origin.event,
      actorId: origin.actorId,
      subject: meta.title ?? fileName,
      target: { kind: 'asset', id: inserted },
      about: { assetId: inserted, path },
    });
    if (!origin.fromWorkflow) await workflowEvent(trx, 'ingested', { id: inserted, path });
    return { id: inserted, created: true, changed: true };
  });
  if (result.changed) services.jobs.kick();
  return result;
}

function metadataRecord(meta: ReturnType<typeof normalizeXmp>) {
  return {
    title: meta.title,
    creator: meta.creator,
    copyright: meta.copyright,
    durationSeconds: meta.durationSeconds,
    pageCount: meta.pageCount,
    tags: meta.tags,
  };
}

/**
 * A new file whose name is not in Unicode NFC (a Mac sends NFD) is renamed to its NFC spelling before it becomes an
 * asset, so two names that look the same cannot sit side by side; a file some asset already has keeps its name.
 * The NFC name is claimed with a hard link, which never replaces a file already there.
 */
async function underNfcName(services: DamServices, path: string): Promise<string> {
  const name = baseName(path);
  const nfc = name.normalize('NFC');
  if (nfc === name) return path;
  if (await liveAssetAt(services.db, path)) return path;
  const target = joinPath(parentOf(path), nfc);
  try {
    await link(services.tree.absolute(path), services.tree.absolute(target));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new NotIngestableError(
        `${JSON.stringify(path)} looks the same as ${JSON.stringify(target)}, which exists`,
      );
    throw error;
  }
  await unlink(services.tree.absolute(path));
  return target;
}
