import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config-from-env.ts';

describe('configFromEnv', () => {
  it('reads users, secret, ports and rate locks', () => {
    const { config, warnings } = configFromEnv({
      RAPID_NODE_DOCROOT: '/srv/data',
      RAPID_NODE_USERS: 'dam:pw:with:colons,ops:x',
      RAPID_NODE_SECRET: '00'.repeat(32),
      RAPID_NODE_UDP_PORT: '40000',
      RAPID_NODE_TARGET_RATE_CAP_KBPS: '500000',
      RAPID_NODE_LOCK_TARGET_RATE: 'true',
      RAPID_NODE_CORS_ORIGINS: 'https://a.example,https://b.example',
      RAPID_NODE_TLS_KEY: undefined,
      RAPID_NODE_HOST: 'localhost',
    });
    expect(warnings).toEqual([]);
    expect(config.users).toEqual({ dam: 'pw:with:colons', ops: 'x' });
    expect([config.udpPort, config.controlPort, config.apiPort]).toEqual([40000, 33001, 9092]);
    expect(config.rate).toMatchObject({
      target_rate_cap_kbps: 500000,
      lock_target_rate_kbps: true,
      lock_rate_policy: false,
    });
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });

  it('requires a docroot and warns about a missing secret', () => {
    expect(() => configFromEnv({})).toThrow(/DOCROOT/);
    expect(configFromEnv({ RAPID_NODE_DOCROOT: '/d', RAPID_NODE_HOST: 'localhost' }).warnings).toHaveLength(
      2,
    );
  });
});
