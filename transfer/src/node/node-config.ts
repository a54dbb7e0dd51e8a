import type { RatePolicy } from '@rapid/protocol';
import type { RateLimits } from '../rate/effective-rate.ts';

export interface NodeRateConfig extends RateLimits {
  target_rate_kbps: number;
  min_rate_kbps: number;
  rate_policy: RatePolicy;
}

/** Everything a transfer node needs; `main.ts` reads it from the environment. */
export interface NodeConfig {
  /** Every path the node serves lives under this directory. */
  docroot: string;
  nodeId: string;
  /** HMAC key for transfer tokens. */
  secret: Buffer;
  /** Node users (basic auth) → password. */
  users: Record<string, string>;
  transferUser: string;
  /** `remote_host` written into transfer specs. */
  advertisedHost: string;
  bindHost: string;
  apiPort: number;
  /** TLS control channel (`ssh_port`). */
  controlPort: number;
  /** UDP data channel (`fasp_port`). */
  udpPort: number;
  tls: { key: string | Buffer; cert: string | Buffer };
  /** Serve the API over HTTPS (9092 style) rather than plain HTTP (9091 style). */
  apiTls: boolean;
  rate: NodeRateConfig;
  /** Origins allowed to poll from a browser; `*` for any. */
  corsOrigins: string[] | '*';
  activityRetentionMs: number;
  tokenLifeSeconds: number;
  /** Seconds without progress before a session ends with error 40. */
  stallMs: number;
}

export const DEFAULT_RATE: NodeRateConfig = {
  target_rate_kbps: 1_000_000,
  min_rate_kbps: 0,
  rate_policy: 'fair',
};
