import type { RatePolicy } from '@rapid/protocol';
import type { RateSettings } from './rate-controller.ts';

/** What the node imposes: caps always, locks freeze a field at the value the node chose in `*_setup`. */
export interface RateLimits {
  target_rate_cap_kbps?: number | undefined;
  min_rate_cap_kbps?: number | undefined;
  rate_policy_allowed?: RatePolicy | undefined;
  lock_target_rate_kbps?: boolean | undefined;
  lock_min_rate_kbps?: boolean | undefined;
  lock_rate_policy?: boolean | undefined;
}

const ORDER: RatePolicy[] = ['low', 'fair', 'high', 'fixed'];

/**
 * The settings a session runs with: `requested` changes from the client, `current` what is in force (the locked
 * values), `limits` from the node. Caps bind the target and the floor; `rate_policy_allowed` is the most aggressive
 * policy the node accepts.
 */
export function effectiveRate(
  current: RateSettings,
  requested: Partial<RateSettings>,
  limits: RateLimits,
): RateSettings {
  let target = limits.lock_target_rate_kbps
    ? current.target_rate_kbps
    : (requested.target_rate_kbps ?? current.target_rate_kbps);
  let min = limits.lock_min_rate_kbps
    ? current.min_rate_kbps
    : (requested.min_rate_kbps ?? current.min_rate_kbps);
  let policy = limits.lock_rate_policy ? current.rate_policy : (requested.rate_policy ?? current.rate_policy);
  if (limits.target_rate_cap_kbps !== undefined && limits.target_rate_cap_kbps > 0) {
    target = Math.min(target, limits.target_rate_cap_kbps);
  }
  if (limits.min_rate_cap_kbps !== undefined) min = Math.min(min, limits.min_rate_cap_kbps);
  if (limits.rate_policy_allowed && ORDER.indexOf(policy) > ORDER.indexOf(limits.rate_policy_allowed)) {
    policy = limits.rate_policy_allowed;
  }
  return { target_rate_kbps: target, min_rate_kbps: Math.min(min, target), rate_policy: policy };
}
