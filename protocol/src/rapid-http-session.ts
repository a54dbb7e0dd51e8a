import * as z from 'zod/v4/mini';
import { helloMessage, offerMessage, planMessage } from './rapid-control.ts';
import './zod-config.ts';

// HTTPS fallback sessions of rapid/1 (transfer/PROTOCOL.md §4): the same hello, offer and plan as the control
// channel, carried by `POST /files/http_sessions`, so the node records, names, resumes and controls them alike.

const u = z.int().check(z.nonnegative());

/** `POST /files/http_sessions`: a `hello`, plus the offered files for an upload. */
export const httpSessionOpen = z.object({
  hello: helloMessage,
  files: z.optional(offerMessage.shape.files),
});
export type HttpSessionOpen = z.infer<typeof httpSessionOpen>;

/** Upload plan entry: the `plan` of the control channel plus the docroot-relative path to `PUT`. */
export const httpUploadPlan = z.extend(planMessage.shape.files.def.element, { target: z.string() });
/** Download entry: the `offer` of the control channel plus the docroot-relative path to `GET`. */
export const httpDownloadFile = z.extend(offerMessage.shape.files.def.element, { source: z.string() });

export const httpSessionOpened = z.object({
  session_id: z.string(),
  xfer_id: z.string(),
  uploads: z.optional(z.array(httpUploadPlan)),
  downloads: z.optional(z.array(httpDownloadFile)),
});
export type HttpSessionOpened = z.infer<typeof httpSessionOpened>;

/** `POST /files/http_sessions/{id}/close`: how the session ended, per file as the client saw it. */
export const httpSessionClose = z.object({
  status: z.enum(['completed', 'failed', 'cancelled']),
  error_code: z.int(),
  error_desc: z.string(),
  files: z.array(
    z.object({
      index: u,
      status: z.enum(['completed', 'failed', 'skipped', 'transferring', 'queued']),
      bytes_written: u,
      error_code: z.int(),
      error_desc: z.string(),
    }),
  ),
});
export type HttpSessionClose = z.infer<typeof httpSessionClose>;
