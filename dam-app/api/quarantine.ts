import { z } from 'zod';

/** R-QUARANTINE: an upload waiting on an administrator. */
export const quarantinedUploadSchema = z
  .object({
    id: z.number(),
    /** The library path it was uploaded to. */
    path: z.string(),
    via: z.string(),
    /** `infected`: quarantined, never ingested; `unscanned`: let in while clamd could not scan it. */
    result: z.enum(['infected', 'unscanned']),
    signature: z.string().nullable(),
    reason: z.string().nullable(),
    uploader: z.string().nullable(),
    scannedAt: z.string(),
  })
  .meta({ id: 'QuarantinedUpload' });
export type QuarantinedUpload = z.infer<typeof quarantinedUploadSchema>;
