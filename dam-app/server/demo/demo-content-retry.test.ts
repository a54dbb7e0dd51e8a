import { describe, expect, it } from 'vitest';
import { silentLogger } from '../log.ts';
import type { DamServices } from '../services.ts';
import { eventually } from '../test-support/sample-media.ts';
import { createDemoContentWithRetry } from './demo-content-retry.ts';

const services = { log: silentLogger } as unknown as DamServices;

describe('demo content retry', () => {
  it('reports a failed first try and keeps trying until the content is made', async () => {
    let tries = 0;
    const make = async () => {
      tries++;
      if (tries < 3) throw new Error('spawn /usr/bin/exiftool ENOENT');
    };
    const { outcome, stop } = await createDemoContentWithRetry(services, make, [0.01, 0.01, 0.01]);
    expect(outcome).toEqual({ ok: false, error: 'spawn /usr/bin/exiftool ENOENT', retryInSeconds: 0.01 });
    await eventually(async () => tries === 3, 5_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(tries).toBe(3);
    stop();
  });

  it('says nothing more once the first try succeeds', async () => {
    let tries = 0;
    const { outcome } = await createDemoContentWithRetry(services, async () => void tries++, [0.01]);
    expect(outcome).toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tries).toBe(1);
  });
});
