import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { ratePolicy } from '@rapid/protocol';
import { DEFAULT_RATE, type NodeConfig } from './node-config.ts';
import { selfSignedCertificate } from './tls-material.ts';

type Env = Record<string, string | undefined>;

const int = (value: string | undefined, fallback: number) =>
  value === undefined || value === '' ? fallback : Number.parseInt(value, 10);
const optionalNumber = (value: string | undefined) => (value ? Number(value) : undefined);
const flag = (value: string | undefined) => value === 'true' || value === '1';

/** Reads a node's configuration from `RAPID_NODE_*` variables (README, "Running a transfer node"). */
export function configFromEnv(env: Env): { config: NodeConfig; warnings: string[] } {
  const warnings: string[] = [];
  const docroot = env.RAPID_NODE_DOCROOT;
  if (!docroot) throw new Error('RAPID_NODE_DOCROOT is required');
  const users: Record<string, string> = {};
  for (const pair of (env.RAPID_NODE_USERS ?? '').split(',').filter(Boolean)) {
    const colon = pair.indexOf(':');
    if (colon > 0) users[pair.slice(0, colon)] = pair.slice(colon + 1);
  }
  if (Object.keys(users).length === 0) warnings.push('RAPID_NODE_USERS is empty: no one can call the API');
  let secret: Buffer;
  if (env.RAPID_NODE_SECRET) secret = Buffer.from(env.RAPID_NODE_SECRET, 'hex');
  else {
    secret = randomBytes(32);
    warnings.push('RAPID_NODE_SECRET is not set: tokens will not survive a restart');
  }
  if (secret.length < 16) throw new Error('RAPID_NODE_SECRET must be at least 16 bytes of hex');
  const host = env.RAPID_NODE_HOST ?? '127.0.0.1';
  const tls =
    env.RAPID_NODE_TLS_KEY && env.RAPID_NODE_TLS_CERT
      ? {
          key: readFileSync(env.RAPID_NODE_TLS_KEY, 'utf8'),
          cert: readFileSync(env.RAPID_NODE_TLS_CERT, 'utf8'),
        }
      : selfSignedCertificate(host);
  const policy = ratePolicy.safeParse(env.RAPID_NODE_RATE_POLICY ?? DEFAULT_RATE.rate_policy);
  const cors = env.RAPID_NODE_CORS_ORIGINS ?? '';
  return {
    warnings,
    config: {
      docroot: resolve(docroot),
      nodeId: env.RAPID_NODE_ID ?? `rapid-${hostname()}`,
      secret,
      users,
      transferUser: env.RAPID_NODE_TRANSFER_USER ?? 'xfer',
      advertisedHost: host,
      bindHost: env.RAPID_NODE_BIND ?? '0.0.0.0',
      apiPort: int(env.RAPID_NODE_API_PORT, 9092),
      controlPort: int(env.RAPID_NODE_CONTROL_PORT, 33001),
      udpPort: int(env.RAPID_NODE_UDP_PORT, 33001),
      tls,
      apiTls: env.RAPID_NODE_API_TLS !== 'false',
      rate: {
        target_rate_kbps: int(env.RAPID_NODE_TARGET_RATE_KBPS, DEFAULT_RATE.target_rate_kbps),
        min_rate_kbps: int(env.RAPID_NODE_MIN_RATE_KBPS, 0),
        rate_policy: policy.success ? policy.data : DEFAULT_RATE.rate_policy,
        target_rate_cap_kbps: optionalNumber(env.RAPID_NODE_TARGET_RATE_CAP_KBPS),
        min_rate_cap_kbps: optionalNumber(env.RAPID_NODE_MIN_RATE_CAP_KBPS),
        lock_target_rate_kbps: flag(env.RAPID_NODE_LOCK_TARGET_RATE),
        lock_min_rate_kbps: flag(env.RAPID_NODE_LOCK_MIN_RATE),
        lock_rate_policy: flag(env.RAPID_NODE_LOCK_RATE_POLICY),
      },
      corsOrigins: cors === '*' ? '*' : cors.split(',').filter(Boolean),
      activityRetentionMs: int(env.RAPID_NODE_ACTIVITY_RETENTION_S, 36 * 3600) * 1000,
      tokenLifeSeconds: int(env.RAPID_NODE_TOKEN_LIFE_S, 86_400),
      stallMs: int(env.RAPID_NODE_STALL_S, 20) * 1000,
    },
  };
}
