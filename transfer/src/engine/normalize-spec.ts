import type { RapidTransferSpec } from '@rapid/protocol';
import type { OverwritePolicy, ResumePolicy } from '../fs/resume-plan.ts';
import type { RateLimits } from '../rate/effective-rate.ts';
import type { RateSettings } from '../rate/rate-controller.ts';
import { AUTO_DGRAM_SIZE } from '../wire/packet.ts';

const RESUME: Record<string, ResumePolicy> = {
  none: 'none',
  attrs: 'attributes',
  attributes: 'attributes',
  sparse_csum: 'sparse_checksum',
  sparse_checksum: 'sparse_checksum',
  full_csum: 'full_checksum',
  full_checksum: 'full_checksum',
};
const OVERWRITE: Record<string, OverwritePolicy> = {
  never: 'never',
  none: 'never',
  always: 'always',
  diff: 'diff',
  older: 'older',
  'diff+older': 'diff+older',
};

export const DEFAULT_PORT = 33001;
export const DEFAULT_TARGET_KBPS = 1_000_000;

/** Resolves the spelling differences of node-api.md §4.7 and the defaults Rapid applies. */
export function resumePolicyOf(spec: RapidTransferSpec): ResumePolicy {
  return RESUME[spec.resume ?? spec.resume_policy ?? 'sparse_checksum'] ?? 'sparse_checksum';
}

export function overwritePolicyOf(spec: RapidTransferSpec): OverwritePolicy {
  return OVERWRITE[spec.overwrite ?? spec.overwrite_policy ?? 'diff'] ?? 'diff';
}

export function rateOf(spec: RapidTransferSpec): RateSettings {
  const target = Math.min(
    spec.target_rate_kbps ?? DEFAULT_TARGET_KBPS,
    spec.target_rate_cap_kbps || Number.POSITIVE_INFINITY,
  );
  return {
    target_rate_kbps: target,
    min_rate_kbps: spec.min_rate_kbps ?? 0,
    rate_policy: spec.rate_policy ?? 'fair',
  };
}

/** The caps and locks a node wrote into the spec; they bind the client's own rate changes. */
export function limitsOf(spec: RapidTransferSpec): RateLimits {
  return {
    target_rate_cap_kbps: spec.target_rate_cap_kbps,
    min_rate_cap_kbps: spec.min_rate_cap_kbps,
    rate_policy_allowed: spec.rate_policy_allowed,
    lock_target_rate_kbps: spec.lock_target_rate_kbps ?? spec.lock_target_rate,
    lock_min_rate_kbps: spec.lock_min_rate_kbps ?? spec.lock_min_rate,
    lock_rate_policy: spec.lock_rate_policy,
  };
}

/** The spec's explicit datagram size (validated by the spec schema), else 0: automatic, from the path MTU. */
export function dgramSizeOf(spec: RapidTransferSpec): number {
  return spec.dgram_size ?? AUTO_DGRAM_SIZE;
}

/** The spec as it appears in status records: secrets removed. */
export function redactSpec(spec: RapidTransferSpec): Record<string, unknown> {
  const { token: _token, ...rest } = spec as RapidTransferSpec & Record<string, unknown>;
  for (const secret of [
    'remote_password',
    'ssh_private_key',
    'ssh_private_key_passphrase',
    'content_protection_password',
    'content_protection_passphrase',
  ]) {
    delete rest[secret];
  }
  return rest;
}
