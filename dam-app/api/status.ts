import { z } from 'zod';

const count = z.number().int().min(0);

/** The System status screen (R-SYSTEM-STATUS): this server, the job queue, transfers per node, storage, scans. */
export const systemStatusSchema = z.object({
  /** From package.json, never typed by hand. */
  version: z.string(),
  startedAt: z.string(),
  uptimeSeconds: z.number(),
  server: z.object({ host: z.string(), pid: z.number() }),
  /** Every server process running on this database (a cluster), oldest first; `current` is the one answering. */
  servers: z.array(
    z.object({
      host: z.string(),
      pid: z.number(),
      url: z.string(),
      startedAt: z.string(),
      current: z.boolean(),
    }),
  ),
  jobs: z.array(z.object({ kind: z.string(), queued: count, running: count, failed: count })),
  /** Transfers running on each node now; null when the node does not answer. */
  transfers: z.array(z.object({ node: z.string(), running: count.nullable() })),
  storage: z.object({
    assets: count,
    bytes: z.number().min(0),
    freeBytes: z.number().nullable(),
    totalBytes: z.number().nullable(),
  }),
  /** Antivirus verdicts of the last 24 hours. */
  scans: z.object({ clean: count, infected: count, unscanned: count }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;
