import * as z from 'zod/v4/mini';

/**
 * The part of a Connect TransferInfo the popup shows (connect-bridge.md §3). Loose and mostly optional: the popup
 * must render whatever a client sends rather than hide a transfer over a field it does not use.
 */
export const transferSummary = z.looseObject({
  uuid: z.string(),
  status: z.string(),
  title: z.optional(z.string()),
  percentage: z.optional(z.number()),
  bytes_written: z.optional(z.number()),
  bytes_expected: z.optional(z.number()),
  calculated_rate_kbps: z.optional(z.number()),
  remaining_usec: z.optional(z.number()),
  transfer_spec: z.optional(z.looseObject({ direction: z.optional(z.string()) })),
});
export type TransferSummary = z.infer<typeof transferSummary>;

export const activityResult = z.looseObject({ transfers: z.array(transferSummary) });

const ACTIVE = new Set(['initiating', 'queued', 'running', 'willretry']);

/** What a person can do with a transfer in its current status. */
export function actionsFor(status: string): { pause: boolean; resume: boolean; cancel: boolean } {
  return {
    pause: ACTIVE.has(status),
    resume: status === 'failed' || status === 'cancelled',
    cancel: status !== 'removed',
  };
}
