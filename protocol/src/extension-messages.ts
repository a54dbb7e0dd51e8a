import * as z from 'zod/v4/mini';
import { connectRequest, responseDetail } from './page-envelope.ts';
import './zod-config.ts';

/** Content script → service worker, over the frame's runtime port. */
export const frameToWorker = z.object({ kind: z.literal('request'), request: connectRequest });
export type FrameToWorker = z.infer<typeof frameToWorker>;

/**
 * Service worker → content script: `ready` once the worker listens on this port (a port opened while the worker is
 * being torn down can swallow messages, so nothing is sent before it), a reply (or reply piece) for the page, or the
 * native port's end.
 */
export const workerToFrame = z.union([
  z.object({ kind: z.literal('ready') }),
  z.object({ kind: z.literal('response'), detail: responseDetail }),
  z.object({ kind: z.literal('disconnect'), detail: z.string() }),
]);
export type WorkerToFrame = z.infer<typeof workerToFrame>;
