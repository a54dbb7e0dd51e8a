import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.ts';
import { enqueueJob, type JobHandler } from './job-queue.ts';

/**
 * Every kind of job the DAM queues and the payload it carries. A payload is checked when queued and parsed again
 * when run (it lies in the database between), so a handler gets the shape it declares or the job fails.
 */
export const JOB_PAYLOADS = {
  'mail.send': z.object({ to: z.string(), subject: z.string(), text: z.string() }),
  'asset.renditions': z.object({ assetId: z.number().int(), hash: z.string() }),
  'loading-dock.cleanup': z.object({ dockId: z.number().int() }),
  /** Places a new dock's files (loading-dock/placement-job.ts). */
  'loading-dock.place': z.object({ dockId: z.number().int() }),
  /** A file a transfer delivered; `landedPath` (with its uploader) when it landed beside a taken name. */
  'upload.ingest': z.object({
    path: z.string(),
    userId: z.number().int().optional(),
    cookie: z.string().optional(),
    landedPath: z.string().optional(),
    aclId: z.number().int().nullable().optional(),
    /** `http`: it came by the browser's HTTP fallback (tus), not the transfer node. */
    via: z.literal('http').optional(),
    /** Its hash, taken while the antivirus scanned it (assets/hash-ahead.ts, R-UPLOAD-SCAN-OVERLAP). */
    ahead: z.object({ hash: z.string(), file: z.string() }).optional(),
  }),
  'storage.reconcile': z.object({ path: z.string().optional() }),
  /** One asset version converted with one preset (conversions/conversion-job.ts). */
  'conversion.run': z.object({ versionId: z.number().int(), presetId: z.number().int() }),
  /** The daily notification digest (notifications/notification-service.ts). */
  'notifications.digest': z.object({}),
  /** One clip of a video cut by ffmpeg (video-timeline/clip-export-job.ts). */
  'video.clip-export': z.object({ clipId: z.number().int(), actorId: z.number().int().nullable() }),
  /** One scheduled workflow run (workflows/workflow-run-job.ts). */
  'workflow.run': z.object({ runId: z.number().int() }),
  /** Scheduled workflows whose time has come (workflows/workflow-trigger-service.ts `fireDueWorkflows`). */
  'workflow.schedule': z.object({}),
  /** One metadata import applied (metadata-io/metadata-io-service.ts). */
  'metadata.import': z.object({ importId: z.number().int() }),
  /** The rest of a burst of one person's notifications, in one mail when its window closes (notifications/notify.ts). */
  'notifications.mail-soon': z.object({ userId: z.number().int() }),
  /** A video's thumbnail strip, made at its ingest (video-timeline/timeline-service.ts). */
  'video.timeline-strip': z.object({ assetId: z.number().int() }),
  // issue 30, ops: a delivery to or an import from an FTP server (remote-servers/remote-transfer-job.ts).
  'remote.deliver': z.object({ transferId: z.number().int() }),
  'remote.import': z.object({ transferId: z.number().int() }),
  /** A quarantined or unscanned upload scanned again (antivirus/quarantine-service.ts). */
  'antivirus.rescan': z.object({ scanId: z.number().int() }),
  /** R-ARCHIVE: one asset's original to the archive tier, and back (archive/archive-jobs.ts). */
  'archive.run': z.object({ assetId: z.number().int() }),
  'archive.restore': z.object({ assetId: z.number().int() }),
};

export type JobKind = keyof typeof JOB_PAYLOADS;
export type JobPayload<K extends JobKind> = z.output<(typeof JOB_PAYLOADS)[K]>;

/** Queues a job of a known kind; pass the transaction of the change it follows from. */
export function queueJob<K extends JobKind>(
  db: Kysely<Database>,
  kind: K,
  payload: z.input<(typeof JOB_PAYLOADS)[K]>,
  delaySeconds = 0,
): Promise<void> {
  return enqueueJob(db, kind, JOB_PAYLOADS[kind].parse(payload), delaySeconds);
}

export type TypedJobHandlers = { [K in JobKind]: (payload: JobPayload<K>) => Promise<void> };

/** The worker's handlers, each given its payload parsed by its kind's schema. */
export function jobHandlers(handlers: TypedJobHandlers): Record<string, JobHandler> {
  const typed: Record<string, JobHandler> = {};
  for (const kind of Object.keys(handlers) as JobKind[]) {
    const handle = handlers[kind] as (payload: unknown) => Promise<void>;
    typed[kind] = async (payload) => handle(JOB_PAYLOADS[kind].parse(payload));
  }
  return typed;
}
