import type { RateChange, TransferSpec } from '@rapid/protocol';
import { conflict } from '../daemon/connect-failure.ts';

/** A rate change must respect the spec's locks and its target-rate cap (connect-protocol.md §11.5). */
export function checkRateChange(spec: TransferSpec, rate: RateChange): void {
  if (spec.lock_rate_policy && rate.rate_policy && rate.rate_policy !== spec.rate_policy)
    throw conflict('The rate policy of this transfer is locked.');
  if (spec.lock_target_rate && rate.target_rate_kbps !== undefined)
    throw conflict('The target rate of this transfer is locked.');
  if (spec.lock_min_rate && rate.min_rate_kbps !== undefined)
    throw conflict('The minimum rate of this transfer is locked.');
  const cap = spec.target_rate_cap_kbps;
  if (cap !== undefined && rate.target_rate_kbps !== undefined && rate.target_rate_kbps > cap)
    throw conflict(`The target rate cannot exceed ${cap} kbps for this transfer.`);
}
