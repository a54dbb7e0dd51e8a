import { z } from 'zod';
import { dbDateTime, dbId, dbString } from './db-safe.ts';

/** "A request to download is limited to a maximum asset count"; the count is ours. */
export const REQUEST_MAX_ASSETS = 100;

/** The texts of requests, approvals and clearances, word for word where the spec gives the words. */
export const REQUEST_MESSAGES = {
  reasonRequired: 'A reason must be added for rejected assets.',
  clearanceToDate: 'A clearance "To Date" is required and must come after the From Date.',
  dueDatePast: 'The due date cannot be in the past.',
  dueDateRequired: 'A due date is required to approve a request to download.',
  maxAssets: `A request to download is limited to a maximum of ${REQUEST_MAX_ASSETS} assets.`,
  clearanceFailed: 'Clearance failed: assets are excluded or cannot be downloaded.',
  clearanceEmailFailed: 'The clearance request email failed.',
  allRejected: 'All assets rejected.',
  everyAssetDecided: 'Approve or reject every asset of the request.',
} as const;

export const requestKinds = ['download', 'clearance'] as const;
export const requestStatuses = ['submitted', 'download approved', 'download rejected'] as const;
export const requestDecisions = ['pending', 'approved', 'rejected'] as const;

const isoDate = z.iso.date();
const note = dbString().max(2000).default('');

export const clearanceSchema = z
  .strictObject({
    from: isoDate,
    to: isoDate.nullable().default(null),
    regions: z.array(dbString().trim().min(1).max(100)).min(1).max(50),
    formats: z.array(dbString().trim().min(1).max(100)).max(50).default([]),
  })
  // compared as 'YYYY-MM-DD' strings, which sort as dates.
  .refine((value) => value.to !== null && value.to > value.from, {
    message: REQUEST_MESSAGES.clearanceToDate,
    path: ['to'],
  });

export const createRequestSchema = z
  .strictObject({
    kind: z.enum(requestKinds).default('download'),
    assetIds: z.array(dbId()).min(1).max(REQUEST_MAX_ASSETS, { message: REQUEST_MESSAGES.maxAssets }),
    description: note,
    reason: note,
    clearance: clearanceSchema.optional(),
  })
  .refine((value) => value.kind === 'download' || value.clearance !== undefined, {
    message: REQUEST_MESSAGES.clearanceToDate,
    path: ['clearance'],
  });

export const decisionSchema = z.strictObject({
  items: z
    .array(
      z
        .strictObject({
          assetId: dbId(),
          decision: z.enum(['approved', 'rejected']),
          reason: note,
        })
        // the request grant
        .refine((item) => item.decision === 'approved' || item.reason.trim() !== '', {
          message: REQUEST_MESSAGES.reasonRequired,
          path: ['reason'],
        }),
    )
    .min(1)
    .max(REQUEST_MAX_ASSETS),
  notes: note,
  /** Until when the approved assets may be downloaded; required when one is approved (a download request). */
  dueAt: dbDateTime()
    .nullable()
    .default(null)
    .refine((value) => value === null || Date.parse(value) > Date.now(), REQUEST_MESSAGES.dueDatePast),
});

export const requestItemSchema = z.object({
  assetId: z.number(),
  name: z.string(),
  decision: z.enum(requestDecisions),
  reason: z.string(),
});

export const requestSchema = z
  .object({
    id: z.number(),
    kind: z.enum(requestKinds),
    description: z.string(),
    reason: z.string(),
    status: z.enum(requestStatuses),
    requestor: z.object({
      id: z.number(),
      name: z.string(),
      username: z.string(),
      email: z.string().nullable(),
    }),
    /** Who decided, or who will: the approver user or group ('Administrators' when the folder names none). */
    approverName: z.string(),
    approverNotes: z.string(),
    dueAt: z.iso.datetime().nullable(),
    receivedAt: z.iso.datetime(),
    decidedAt: z.iso.datetime().nullable(),
    clearance: z
      .object({
        from: z.string(),
        to: z.string(),
        regions: z.array(z.string()),
        formats: z.array(z.string()),
      })
      .nullable(),
    items: z.array(requestItemSchema),
    /** May the caller approve or reject it? */
    mayDecide: z.boolean(),
    /** Is the download granted now (approved, before its due date)? */
    granted: z.boolean(),
    /** The loading dock the approval filled for the requestor, while it is open. */
    dockNotificationId: z.string().nullable(),
  })
  .meta({ id: 'DownloadRequest' });
export type RequestView = z.infer<typeof requestSchema>;

export const requestListSchema = z.object({ items: z.array(requestSchema) });
export const createdRequestsSchema = z.object({ requests: z.array(requestSchema) });

export const myRequestsQuerySchema = z.object({
  status: z.enum(['all', ...requestStatuses]).default('all'),
  kind: z.enum(['all', ...requestKinds]).default('all'),
});
export const approvalsQuerySchema = z.object({
  status: z.enum(['pending', 'decided', 'all']).default('pending'),
  kind: z.enum(['all', ...requestKinds]).default('all'),
});
export const requestCountsSchema = z.object({
  pendingApprovals: z.number(),
  myOpenRequests: z.number(),
  /** Is the caller an approver of some folder (or an administrator): the shell then links Approvals Pending. */
  mayApprove: z.boolean(),
});

export const clearanceRecordSchema = z.object({
  requestId: z.number(),
  from: z.string(),
  to: z.string(),
  regions: z.array(z.string()),
  formats: z.array(z.string()),
  approvedAt: z.iso.datetime().nullable(),
});
export const assetClearancesSchema = z.object({ items: z.array(clearanceRecordSchema) });

/** The approver of a folder's assets: one user or one group, or none (the administrators). */
export const folderApproverSchema = z
  .strictObject({ userId: dbId().nullable().default(null), groupId: dbId().nullable().default(null) })
  .refine((value) => value.userId === null || value.groupId === null, {
    message: 'Name a user or a group, not both.',
  });

/** One approver as a screen names it: a user or a group, with the name people know it by. */
export const approverRefSchema = z.object({
  userId: z.number().nullable(),
  groupId: z.number().nullable(),
  name: z.string(),
});
/**
 * Who approves a folder's requests: the approver the folder names itself, and the one it inherits from its nearest
 * ancestor naming one (null: the administrators). Its own, when set, wins.
 */
export const folderApproverViewSchema = z.object({
  /** The folder's path from the storage root, for the screen's heading. */
  path: z.string(),
  own: approverRefSchema.nullable(),
  inherited: approverRefSchema.extend({ folderId: z.number(), folderPath: z.string() }).nullable(),
});
export type FolderApproverView = z.infer<typeof folderApproverViewSchema>;
