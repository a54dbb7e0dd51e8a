import { z } from 'zod';
import { blockedPort } from './blocked-ports.ts';
import { dbId, dbString } from './db-safe.ts';
import { WORKFLOW_MESSAGES } from './messages.ts';

/**
 * What starts a workflow (R-WORKFLOW-TRIGGERS): an asset event (ingested by an upload, its metadata changed, moved,
 * a new version, deleted, approved in a request), its schedule, or a person (manual, R-WORKFLOW-MANUAL).
 */
export const ASSET_TRIGGERS = [
  'ingested',
  'metadataChanged',
  'moved',
  'versioned',
  'deleted',
  'approved',
] as const;
export type AssetTrigger = (typeof ASSET_TRIGGERS)[number];
export const WORKFLOW_TRIGGERS = [...ASSET_TRIGGERS, 'scheduled', 'manual'] as const;
export type WorkflowTrigger = (typeof WORKFLOW_TRIGGERS)[number];

/** A workflow's type (R-WORKFLOW-MODEL): Regular (built-in steps, no code), Login, Permission, Advanced JavaScript. */
export const WORKFLOW_TYPES = ['regular', 'login', 'permission', 'javascript'] as const;
export type WorkflowType = (typeof WORKFLOW_TYPES)[number];
/**
 * The permissions a Permission workflow can be asked about (R-WORKFLOW-PERMISSION): named in its properties as
 * `permission`, for the ACLs its aclIds name.
 */
export const PERMISSION_GATES = ['download'] as const;
/** The types no event, schedule or person starts: Login runs on a sign-in, Permission when a permission is used. */
export const ASKED_TYPES: readonly WorkflowType[] = ['login', 'permission'];
/** The types that run a script (the others run steps). */
export const SCRIPT_TYPES: readonly WorkflowType[] = ['login', 'permission', 'javascript'];

/** A workflow's state (R-WORKFLOW-MODEL): only an enabled one is started; cancelling also ends its scheduled runs. */
export const WORKFLOW_STATES = ['enabled', 'disabled', 'cancelled'] as const;
export type WorkflowState = (typeof WORKFLOW_STATES)[number];

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

/** A parameter the run receives (R-WORKFLOW-MODEL): typed, with its default value; a manual trigger may set it. */
export const PARAMETER_TYPES = ['text', 'number', 'boolean'] as const;
const PARAMETER_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
export const workflowParameterSchema = z
  .strictObject({
    name: z.string().regex(PARAMETER_NAME, 'A parameter name is a letter or _ then letters, digits or _.'),
    type: z.enum(PARAMETER_TYPES),
    value: dbString().max(4000),
  })
  .refine((each) => parameterValueProblem(each.type, each.value) === null, {
    message: 'The value does not fit the parameter’s type.',
    path: ['value'],
  });
export type WorkflowParameter = z.output<typeof workflowParameterSchema>;

/** Why a value does not fit a parameter type, or null. */
export function parameterValueProblem(type: (typeof PARAMETER_TYPES)[number], value: string) {
  if (type === 'number' && (value.trim() === '' || !Number.isFinite(Number(value))))
    return 'The value must be a number.';
  if (type === 'boolean' && value !== 'true' && value !== 'false') return 'The value must be true or false.';
  return null;
}

/**
 * When a scheduled workflow fires (R-WORKFLOW-SCHEDULE), in UTC: hourly at the minute of `time`, daily at `time`,
 * weekly on `day` (0 Sunday, the week starting on day 0) at `time`; every `interval` hours, days or weeks.
 */
export const SCHEDULE_EVERY = ['hourly', 'daily', 'weekly'] as const;
export const workflowScheduleSchema = z.strictObject({
  every: z.enum(SCHEDULE_EVERY),
  day: z.number().int().min(0).max(6).default(0),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time is HH:MM (UTC).'),
  interval: z.number().int().min(1).max(52).default(1),
});
export type WorkflowSchedule = z.output<typeof workflowScheduleSchema>;

/**
 * A Regular workflow's built-in steps (R-WORKFLOW-STEPS), run in order. Text values may name the run's parameters
 * as {{name}}. `callUrl` POSTs the run as JSON with its HMAC-SHA256 under `secret` in X-Rapid-Signature.
 */
export const workflowStepSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('move'), folder: dbString().max(4000) }),
  z.strictObject({ action: z.literal('copy'), folder: dbString().max(4000) }),
  z.strictObject({
    action: z.literal('setField'),
    key: dbString().min(1).max(700),
    value: dbString().max(4000),
  }),
  z.strictObject({ action: z.literal('addKeyword'), word: dbString().trim().min(1).max(128) }),
  z.strictObject({ action: z.literal('applyStamp'), stampId: dbId() }),
  z.strictObject({ action: z.literal('notify'), text: dbString().trim().min(1).max(500) }),
  z.strictObject({
    action: z.literal('callUrl'),
    url: z.url({ protocol: /^https?$/ }).max(2000),
    secret: dbString().min(16).max(200),
  }),
  /** Converts the asset with a preset into a library folder (a new asset) or the acting person's loading dock. */
  z.strictObject({
    action: z.literal('convert'),
    presetId: dbId(),
    into: z.enum(['folder', 'dock']),
    folder: dbString().max(4000).default(''),
  }),
  /** An external share of the asset, its link mailed to `to` (an address or a {{parameter}}), for `days` days. */
  z.strictObject({
    action: z.literal('share'),
    to: dbString().trim().min(1).max(254),
    days: z.number().int().min(1).max(365).default(7),
    message: dbString().max(5000).default(''),
  }),
  /** A request to download the asset, sent to its folder's approver. */
  z.strictObject({ action: z.literal('requestApproval'), reason: dbString().max(2000).default('') }),
]);
export type WorkflowStep = z.output<typeof workflowStepSchema>;
export const STEP_ACTIONS = [
  'move',
  'copy',
  'setField',
  'addKeyword',
  'applyStamp',
  'notify',
  'callUrl',
  'convert',
  'share',
  'requestApproval',
] as const;

/** A folder of the workflow tree (R-WORKFLOW-MODEL): workflows are filed in folders, folders in folders. */
export const saveWorkflowFolderSchema = z.strictObject({
  name: dbString().trim().min(1).max(128),
  parentId: dbId().nullable().default(null),
});
export const workflowFolderSchema = saveWorkflowFolderSchema.extend({ id: z.number().int() });
export type WorkflowFolder = z.output<typeof workflowFolderSchema>;

const saveWorkflowFields = z.strictObject({
  name: dbString().trim().min(1).max(128),
  description: dbString().trim().max(1000).default(''),
  type: z.enum(WORKFLOW_TYPES).default('javascript'),
  trigger: z.enum(WORKFLOW_TRIGGERS),
  /** The folder whose assets (at any depth) start it; null for the whole library. */
  folderId: dbId().nullable().default(null),
  /** The folder of the workflow tree it is filed in; null at the top. */
  workflowFolderId: dbId().nullable().default(null),
  script: dbString().max(WORKFLOW_LIMITS.scriptChars).default(''),
  steps: z.array(workflowStepSchema).max(50).default([]),
  parameters: z.array(workflowParameterSchema).max(50).default([]),
  properties: z.record(dbString().min(1).max(128), dbString().max(4000)).default({}),
  schedule: workflowScheduleSchema.nullable().default(null),
  /** The ACLs whose "trigger workflow" permission lets their people start it by hand (R-WORKFLOW-MANUAL). */
  aclIds: z.array(dbId()).max(200).default([]),
  state: z.enum(WORKFLOW_STATES).default('enabled'),
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
export const saveWorkflowSchema = saveWorkflowFields.superRefine((body, ctx) => {
  if (body.trigger === 'scheduled' && body.schedule === null)
    ctx.addIssue({ code: 'custom', path: ['schedule'], message: 'A scheduled workflow needs its schedule.' });
  if (new Set(body.parameters.map((each) => each.name)).size !== body.parameters.length)
    ctx.addIssue({ code: 'custom', path: ['parameters'], message: 'Parameter names must be unique.' });
  if (body.type === 'regular' && body.steps.length === 0)
    ctx.addIssue({ code: 'custom', path: ['steps'], message: 'A Regular workflow needs at least one step.' });
  if (
    body.type === 'permission' &&
    !(PERMISSION_GATES as readonly string[]).includes(body.properties.permission ?? '')
  )
    ctx.addIssue({
      code: 'custom',
      path: ['properties', 'permission'],
      message: `A Permission workflow names the permission it is asked about: ${PERMISSION_GATES.join(', ')}.`,
    });
  for (const [index, step] of body.steps.entries())
    if (step.action === 'convert' && step.into === 'folder' && step.folder.trim() === '')
      ctx.addIssue({
        code: 'custom',
        path: ['steps', index, 'folder'],
        message: 'Name the folder to convert into.',
      });
  // R-WORKFLOW-URL-CALL: checked on save, not in the step's schema, so a workflow stored before still runs and says why.
  for (const [index, step] of body.steps.entries()) {
    const port = step.action === 'callUrl' ? blockedPort(step.url) : undefined;
    if (port !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['steps', index, 'url'],
        message: WORKFLOW_MESSAGES.stepUrlPortBlocked(port),
      });
  }
});
export type SaveWorkflow = z.output<typeof saveWorkflowSchema>;

export const workflowSchema = saveWorkflowFields.extend({
  id: z.number().int(),
  /** The watched folder's path ('' for the whole library). */
  folderPath: z.string(),
  /** When a scheduled workflow fires next (ISO), or null. */
  nextFireAt: z.string().nullable(),
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

/**
 * One step of a run as the debugger shows it (R-WORKFLOW-DEBUGGER): what it was given, what it gave, its log, and
 * its action status. A script's run has a step per change it asked for.
 */
export const runStepSchema = z.strictObject({
  action: z.string(),
  input: z.record(z.string(), z.unknown()),
  output: z.record(z.string(), z.unknown()),
  status: z.enum(RUN_STATUSES),
  log: z.array(logLineSchema),
});
export type RunStep = z.output<typeof runStepSchema>;

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
  parameters: z.record(z.string(), z.string()),
  steps: z.array(runStepSchema),
  /** The failed run this one replays, or null. */
  replayOf: z.number().int().nullable(),
  changes: z.array(workflowChangeSchema),
  log: z.array(logLineSchema),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type WorkflowRun = z.output<typeof workflowRunSchema>;

/** The debugger's dry run: on a chosen asset (null: none, as a scheduled run), with parameters set or defaulted. */
export const testRunSchema = z.strictObject({
  assetId: dbId().nullable(),
  parameters: z.record(z.string(), dbString().max(4000)).default({}),
});

/** A person starts a workflow by hand on chosen assets (R-WORKFLOW-MANUAL), optionally setting its parameters. */
export const triggerWorkflowSchema = z.strictObject({
  assetIds: z.array(dbId()).min(1).max(100),
  parameters: z.record(z.string(), dbString().max(4000)).default({}),
});
export const triggeredSchema = z.strictObject({ runIds: z.array(z.number().int()) });
/** What a person may start by hand. */
export const manualWorkflowSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  parameters: z.array(workflowParameterSchema),
});

/** A system workflow (R-WORKFLOW-SYSTEM): one of the spec's own handlers, listed read-only with its actions. */
export const systemWorkflowSchema = z.strictObject({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  actions: z.array(z.strictObject({ name: z.string(), payload: z.string(), answer: z.string() })),
});
export type SystemWorkflow = z.output<typeof systemWorkflowSchema>;
