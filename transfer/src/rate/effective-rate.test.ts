import { describe, expect, it } from 'vitest';
import { effectiveRate } from './effective-rate.ts';

const current = { target_rate_kbps: 100_000, min_rate_kbps: 0, rate_policy: 'fair' as const };

describe('effectiveRate', () => {
  it('caps a requested target and floor', () => {
    expect(
      effectiveRate(
        current,
        { target_rate_kbps: 900_000, min_rate_kbps: 50_000 },
        { target_rate_cap_kbps: 200_000, min_rate_cap_kbps: 10_000 },
      ),
    ).toEqual({ target_rate_kbps: 200_000, min_rate_kbps: 10_000, rate_policy: 'fair' });
  });

  it('ignores client changes of locked fields', () => {
    expect(
      effectiveRate(
        current,
        { target_rate_kbps: 5, min_rate_kbps: 4, rate_policy: 'low' },
        { lock_target_rate_kbps: true, lock_min_rate_kbps: true, lock_rate_policy: true },
      ),
    ).toEqual(current);
  });

  it('lowers a policy above rate_policy_allowed', () => {
    expect(
      effectiveRate(current, { rate_policy: 'fixed' }, { rate_policy_allowed: 'fair' }).rate_policy,
    ).toBe('fair');
    expect(effectiveRate(current, { rate_policy: 'low' }, { rate_policy_allowed: 'fair' }).rate_policy).toBe(
      'low',
    );
  });
});
