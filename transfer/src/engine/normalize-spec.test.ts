import { describe, expect, it } from 'vitest';
import { limitsOf, overwritePolicyOf, rateOf, redactSpec, resumePolicyOf } from './normalize-spec.ts';

const base = { direction: 'send' as const, remote_host: 'h', paths: [] };

describe('spec normalization', () => {
  it.each([
    [{}, 'sparse_checksum'],
    [{ resume: 'attributes' }, 'attributes'],
    [{ resume_policy: 'full_csum' }, 'full_checksum'],
    [{ resume_policy: 'attrs' }, 'attributes'],
    [{ resume: 'none' }, 'none'],
  ])('resume %j → %s', (fields, expected) => {
    expect(resumePolicyOf({ ...base, ...fields })).toBe(expected);
  });

  it('maps the Connect spelling of never-overwrite', () => {
    expect(overwritePolicyOf({ ...base, overwrite_policy: 'none' })).toBe('never');
  });

  it('caps the target by target_rate_cap_kbps and carries locks', () => {
    const spec = { ...base, target_rate_kbps: 900, target_rate_cap_kbps: 500, lock_target_rate: true };
    expect(rateOf(spec)).toEqual({ target_rate_kbps: 500, min_rate_kbps: 0, rate_policy: 'fair' });
    expect(limitsOf(spec).lock_target_rate_kbps).toBe(true);
  });

  it('redacts the token', () => {
    expect(redactSpec({ ...base, token: 'secret' })).not.toHaveProperty('token');
  });
});
