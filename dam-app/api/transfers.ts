import { z } from 'zod';
import { dbId, dbInt, dbString, ID_INVALID, isDbId, storablePath } from './db-safe.ts';
import { formSchema } from './forms.ts';

export const nodeCredentialsRequestSchema = z.strictObject({
  /** The transfer's cookie (R-TRANSFER-COOKIE), as the pre-transfer handler made it. */
  cookie: dbString()
    .min(1)
    .max(64 * 1024),
  /** The node the transfer went to (one of the DAM's nodes). */
  nodeUrl: z.url(),
});

/** R-NODE-CREDENTIALS NodeCredentials: what the page sends as `Authorization` to poll the node for this transfer. */
export const nodeCredentialsSchema = z
  .object({
    nodeUrl: z.string(),
    /**
     * Where the page reads the node's transfer records with this credential: the node itself when browsers trust its
     * certificate, else the DAM's read-only relay (the embedded node's certificate is one only the DAM trusts).
     */
    readUrl: z.string(),
    /** The header that carries `authorization` there: `Authorization`, at the node and through the relay alike. */
    readHeader: z.literal('Authorization'),
    authorization: z.string(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'NodeCredentials' });

const specPath = z.object({
  source: storablePath().optional(),
  destination: storablePath().optional(),
});

/**
 * The pre-transfer handler workflow's payload (R-PRE-TRANSFER), upload and download alike. Names follow the spec; the
 * page's `transfer_spec` may only name paths — everything that authorizes the transfer comes from the server.
 */
export const preTransferRequestSchema = z.strictObject({
  workspaceId: z.union([dbString().max(200), z.number()]).optional(),
  /** R-WORKSPACE-UPLOAD-FORM: the DAM workspace the person starts an upload in (not the site's `workspaceId`). */
  damWorkspaceId: dbId().optional(),
  transferCount: z.number().int().min(1).max(100_000).optional(),
  /** Upload: the folder to upload into; absent or null means the standard directory (the ACL root). */
  destDirId: z
    .union([dbId(), z.string().refine((text) => /^\d{1,10}$/.test(text) && isDbId(Number(text)), ID_INVALID)])
    .nullable()
    .optional(),
  /** Upload: the folder as a path relative to the ACL root, when no folder id is given. */
  destPath: storablePath().optional(),
  nodehost: dbString().max(500).optional(),
  nodetarget: z.enum(['/files/upload_setup', '/files/download_setup']),
  transfer_spec: z.object({ paths: z.array(specPath).min(1).max(10_000) }),
});

export const transferSpecsSchema = z
  .object({ transfer_specs: z.array(z.object({ transfer_spec: z.record(z.string(), z.unknown()) })) })
  .meta({ id: 'TransferSpecs' });

/** Utils actions of the upload flow (R-UPLOAD-SESSION-START, R-UPLOAD-FILE-FINISH, R-UPLOAD-SESSION-FINISH, R-UPLOAD-ERROR, R-UPLOAD-CANCELLED, R-UPLOAD-ACTIONS). */
export const uploadSessionActionSchema = z.strictObject({
  cookie: dbString()
    .min(1)
    .max(64 * 1024),
  /** The upload's folder as the node names it (`/Library/In`); the server checks it is this upload's own. */
  path: storablePath().optional(),
});
export const uploadFileFinishSchema = z.strictObject({
  cookie: dbString()
    .min(1)
    .max(64 * 1024),
  /** The files the page saw completed, as the node names them; the server believes only the node. */
  paths: z.array(storablePath()).max(10_000),
});
export const uploadFileFinishAnswerSchema = z.object({
  /** Paths now registered for ingest (new or already), storage-relative. */
  paths: z.array(z.string()),
});
export const errorUploadSchema = z.strictObject({
  id: dbString().min(1).max(200),
  message: dbString().max(2000),
  /** R-UPLOAD-ERROR: the node's error code (not 0) that stopped the upload. */
  code: dbInt().optional(),
});
export const cancelledUploadSchema = z.strictObject({
  id: dbString().min(1).max(200),
  filename: dbString().max(4096).optional(),
});

/** R-UPLOAD-FORM: the upload (by its transfer cookie) whose assets and upload form the progress dialog asks for. */
export const uploadAssetsRequestSchema = z.strictObject({
  cookie: dbString()
    .min(1)
    .max(64 * 1024),
});
export const uploadAssetsSchema = z.object({
  /** Files of the upload registered for ingest so far. */
  files: z.number().int(),
  /** Of those, how many are not yet ingested (or refused): the dialog waits for them. */
  pending: z.number().int(),
  /** The assets the upload made or versioned, that the uploader may see. */
  assetIds: z.array(z.number().int()),
  /** The upload form of the upload's folder, or null: then nothing needs confirming. */
  form: formSchema.nullable(),
});
export type UploadAssets = z.output<typeof uploadAssetsSchema>;
