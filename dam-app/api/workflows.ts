import { z } from 'zod';
import { dbId, dbString } from './db-safe.ts';

/** What starts a workflow (R-WORKFLOW-TRIGGERS): an asset ingested (upload), its metadata changed, moved. */
export const WORKFLOW_TRIGGERS = ['ingested', 'metadataChanged', 'moved'] as const;
export type WorkflowTrigger = (typeof WORKFLOW_TRIGGERS)[number];

/** A run's status: the action statuses Scheduled, Completed, Error (R-WORKFLOW-RUNS). */
export const RUN_STATUSES = ['scheduled', 'completed', 'error'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** The log levels Severe, Config, Fine, Finer, Finest (R-WORKFLOW-RUNS). */
export const LOG_LEVELS = ['severe', 'config', 'fine', 'finer', 'finest'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** R-WORKFLOW-SANDBOX: the limits a script runs under. */
export const WORKFLOW_LIMITS = {
  timeoutMs: { min: 50, max: 10_000, default: 1_000 },
  memoryMb: { min: 2, max: 64, default: 16 },
  scriptChars: 64_000,
  /** A run keeps at most this many log lines and changes. */
  logLines: 200,
  changes: 500,
  logLineChars: 1_000,
} as const;

export const saveWorkflowSchema = z.strictObject({
  name: dbString().trim().min(1).max(128),
  description: dbString().trim().max(1000).default(''),
  trigger: z.enum(WORKFLOW_TRIGGERS),
  /** The folder whose assets (at any depth) start it; null for the whole library. */
  folderId: dbId().nullable().default(null),
  script: dbString().max(WORKFLOW_LIMITS.scriptChars),
  enabled: z.boolean().default(true),
  timeoutMs: z
    .number()
    .int()
    .min(WORKFLOW_LIMITS.timeoutMs.min)
    .max(WORKFLOW_LIMITS.timeoutMs.max)
    .default(WORKFLOW_LIMITS.timeoutMs.default),
  memoryMb: z
    .number()
    .int()
    .min(WORKFLOW_LIMITS.memoryMb.min)
    .max(WORKFLOW_LIMITS.memoryMb.max)
    .default(WORKFLOW_LIMITS.memoryMb.default),
});
export type SaveWorkflow = z.output<typeof saveWorkflowSchema>;

export const workflowSchema = saveWorkflowSchema.extend({
  id: z.number().int(),
  /** The watched folder's path ('' for the whole library). */
  folderPath: z.string(),
  updatedAt: z.string(),
});
export type Workflow = z.output<typeof workflowSchema>;

/** A change a script asks for through its `dam` object; a dry run shows them, a run applies them all or none. */
export const workflowChangeSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('setField'),
    key: z.string().min(1).max(700),
    value: z.string().max(4000),
  }),
  z.strictObject({ action: z.literal('addKeyword'), word: z.string().trim().min(1).max(128) }),
  z.strictObject({ action: z.literal('removeKeyword'), word: z.string().trim().min(1).max(128) }),
  z.strictObject({ action: z.literal('move'), folder: z.string().max(4000) }),
  z.strictObject({ action: z.literal('notify'), text: z.string().trim().min(1).max(500) }),
]);
export type WorkflowChange = z.output<typeof workflowChangeSchema>;

export const logLineSchema = z.strictObject({
  level: z.enum(LOG_LEVELS),
  message: z.string().max(WORKFLOW_LIMITS.logLineChars),
});
export type LogLine = z.output<typeof logLineSchema>;

/** What the script sees of its asset (`asset` in the sandbox). */
export const workflowAssetSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  path: z.string(),
  folder: z.string(),
  kind: z.string(),
  keywords: z.array(z.string()),
  fields: z.record(z.string(), z.string()),
});
export type WorkflowAsset = z.output<typeof workflowAssetSchema>;

export const workflowRunSchema = z.strictObject({
  id: z.number().int(),
  workflowId: z.number().int(),
  workflowName: z.string(),
  assetId: z.number().int().nullable(),
  trigger: z.string(),
  status: z.enum(RUN_STATUSES),
  dryRun: z.boolean(),
  changes: z.array(workflowChangeSchema),
  log: z.array(logLineSchema),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type WorkflowRun = z.output<typeof workflowRunSchema>;

export const testRunSchema = z.strictObject({ assetId: dbId() });
